import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminRoundDetail } from '@coinfall/shared/contracts/admin-rounds';
import { BetStatus } from '@coinfall/shared/constants';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { rollbackRound, useRound } from '../api/admin-rounds';
import { useCurrencies } from '../api/currencies';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/paged-table';
import { betStatusName, formatAmount, formatInstant } from '../format.fns';
import { useStaff } from '../use-staff';

export const meta = () => adminMeta('Round');

type Posting = AdminRoundDetail['postings'][number];

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? '—';

const postingColumns: Column<Posting>[] = [
  { header: 'When', cell: (p) => formatInstant(p.at) },
  { header: 'Kind', cell: (p) => <code className="text-xs">{p.kind}</code> },
  {
    header: 'Transaction',
    cell: (p) => <span className="text-xs break-all">{p.transactionId}</span>,
  },
  {
    header: 'Details',
    cell: (p) => <span className="text-xs break-all">{JSON.stringify(p.metadata)}</span>,
  },
];

function Facts({ rows }: { rows: readonly [string, string][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-text-muted">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Code({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <pre className="max-h-80 overflow-auto rounded-lg bg-surface-2 p-3 text-xs">
        {json(value)}
      </pre>
    </div>
  );
}

/**
 * One round: what was staked and paid, the replay data (the server seed once its pair was
 * rotated), its ledger postings, and the rollback of a round still open.
 */
export default function AdminRound({ params }: { params: { id?: string } }) {
  const id = params.id ?? '';
  const query = useRound(id);
  const currencies = useCurrencies().data;
  const staff = useStaff();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState('');

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/rounds" className="text-accent hover:underline">
          ← Rounds
        </Link>
      </p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
        {({ summary: s, replay, postings }) => {
          const money = (minor: number) => formatAmount(minor, s.currency, currencies);
          const open = s.status === BetStatus.Open;
          return (
            <>
              <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h1 className="text-2xl font-bold">
                    {s.gameName} · <span data-testid="round-status">{betStatusName(s.status)}</span>
                  </h1>
                  <p className="text-sm break-all text-text-muted">{s.id}</p>
                </div>
                {open && staff.may('rounds.rollback') && (
                  <button
                    type="button"
                    className={buttonClass('outline', 'md')}
                    onClick={() => setConfirming(true)}
                  >
                    Roll back
                  </button>
                )}
              </div>
              <p role="status" className="mb-4 text-sm text-success empty:hidden">
                {outcome}
              </p>
              <section aria-labelledby="round-summary" className="mb-8">
                <h2 id="round-summary" className="mb-2 text-lg font-semibold">
                  Summary
                </h2>
                <Facts
                  rows={[
                    ['Player', s.playerEmail],
                    ['Game', `${s.gameName} (${s.game})`],
                    ['Stake', s.freeSpin ? 'Free spin (the house’s stake)' : money(s.bet)],
                    ['From the bonus balance', money(s.bonusBet)],
                    ['Payout', money(s.payout)],
                    ['Started', formatInstant(s.createdAt)],
                    ['Settled', s.settledAt ? formatInstant(s.settledAt) : 'Not yet'],
                  ]}
                />
              </section>
              <section aria-labelledby="round-replay" className="mb-8 flex flex-col gap-3">
                <h2 id="round-replay" className="text-lg font-semibold">
                  Replay
                </h2>
                <Facts
                  rows={[
                    ['Engine', replay.engine],
                    ['Server seed hash', replay.round.serverSeedHash],
                    [
                      'Server seed',
                      replay.serverSeed ?? 'Not revealed yet: the player’s seed pair is active',
                    ],
                    ['Client seed', replay.round.clientSeed],
                    ['Nonce', String(replay.round.nonce)],
                  ]}
                />
                <div className="grid gap-3 lg:grid-cols-3">
                  <Code title="Choices" value={replay.round.params} />
                  <Code title="Actions, in order" value={replay.actions} />
                  <Code title="What the player saw" value={replay.round.view} />
                </div>
              </section>
              <section aria-labelledby="round-postings">
                <h2 id="round-postings" className="mb-2 text-lg font-semibold">
                  Ledger postings
                </h2>
                {postings.length === 0 ? (
                  <p className="text-sm text-text-muted">No posting.</p>
                ) : (
                  <DataTable
                    rows={postings}
                    columns={postingColumns}
                    rowKey={(p) => p.transactionId}
                    caption="The round’s ledger postings"
                  />
                )}
              </section>
              {confirming && (
                <ConfirmDialog
                  dialogKey="round-rollback"
                  title="Roll this round back?"
                  description={`Every stake it took (${money(s.bet)}) goes back to ${s.playerEmail}, and the round ends Refunded. This cannot be undone.`}
                  confirmLabel="Roll the round back"
                  fields={[REASON_FIELD]}
                  onClose={() => setConfirming(false)}
                  onConfirm={async (values) => {
                    const done = await rollbackRound(s.id, String(values.reason));
                    setOutcome(
                      `Rolled back: ${formatAmount(done.summary.payout, s.currency, currencies)} refunded.`,
                    );
                  }}
                />
              )}
            </>
          );
        }}
      </LoadState>
    </>
  );
}
