import { Link } from 'react-router';
import type { SupportPlayerContext } from '@coinfall/shared/contracts/support';
import { useCurrencies } from '../api/currencies';
import { formatAmount, formatInstant, invoiceStatusName, playerStatusName } from '../format.fns';
import { Facts } from './facts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Movements({ title, rows }: { title: string; rows: SupportPlayerContext['purchases'] }) {
  const currencies = useCurrencies().data;
  return (
    <section aria-label={title} className="mt-4">
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-text-muted">None.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap justify-between gap-x-3">
              <span>{formatAmount(row.amount, row.currency, currencies)}</span>
              <span className="text-text-muted">
                {invoiceStatusName(row.status)} · {formatInstant(row.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The player beside the conversation (issue 18, spec §6): who they are, their segments and
 * verification, balances, the last purchases and redemptions, and the staff-only profile link.
 */
export function SupportPlayerContextPanel({ player }: { player: SupportPlayerContext }) {
  const currencies = useCurrencies().data;
  const { profile } = player;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || '—';
  return (
    <aside
      aria-labelledby="support-player-title"
      data-testid="support-player-context"
      className="rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="support-player-title" className="mb-3 text-base font-bold">
        Player
      </h2>
      <Facts
        rows={[
          ['Email', profile.email],
          ['Nickname', profile.nickname ?? '—'],
          ['Name', name],
          ['Country', profile.country ?? '—'],
          ['Status', playerStatusName(profile.status)],
          ['Registered', formatInstant(profile.createdAt)],
          ['Segments', player.segmentIds.length ? player.segmentIds.join(', ') : 'None'],
          ['Email confirmed', yesNo(player.verification.emailConfirmed)],
          ['Phone confirmed', yesNo(player.verification.phoneConfirmed)],
          ['Identity verified', yesNo(player.verification.kycVerified)],
        ]}
      />
      <section aria-label="Balances" className="mt-4">
        <h3 className="mb-1 text-sm font-semibold">Balances</h3>
        <ul className="space-y-1 text-sm">
          {player.balances.map((b) => (
            <li key={`${b.currency}-${b.kind}`}>
              {formatAmount(b.balance, b.currency, currencies)}
              {b.kind === 'bonus' ? <span className="text-text-muted"> (bonus)</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <Movements title="Last purchases" rows={player.purchases} />
      <Movements title="Last redemptions" rows={player.redemptions} />
      <p className="mt-4 text-sm">
        {/* Staff-only (spec §6): the back office's own profile page. */}
        <Link to={player.profileLink} className="text-accent hover:underline">
          Open the player’s profile
        </Link>
      </p>
    </aside>
  );
}
