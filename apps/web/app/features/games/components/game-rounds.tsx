import { useState } from 'react';
import { Link } from 'react-router';
import { BetStatus } from '@coinfall/shared/constants';
import type { Spin } from '@coinfall/shared/contracts/game';
import { formatMessage, useLocale, useLocalizedPath, useMessages } from '../../../i18n/i18n';
import { gamesMessages, type GamesTexts } from '../../../i18n/messages/games';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { useSpins } from '../api/spins';
import { verifierHref } from '../verifier-link.fns';

const STATUS_TEXT = {
  [BetStatus.Open]: 'status_open',
  [BetStatus.Won]: 'status_won',
  [BetStatus.Lost]: 'status_lost',
  [BetStatus.Refunded]: 'status_refunded',
  [BetStatus.Even]: 'status_even',
} as const satisfies Record<Spin['status'], keyof GamesTexts>;

/** Game coins have 100 minor units to the coin (contracts/rgs BET_LEVELS). */
function useAmount() {
  const locale = useLocale();
  return (minor: number, currency: string) =>
    `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} ${currency}`;
}

/** The player's game rounds (GET /api/game/spins), each with a link to verify it. */
export function GameRounds() {
  const t = useMessages(gamesMessages);
  const locale = useLocale();
  const localize = useLocalizedPath();
  const amount = useAmount();
  const [page, setPage] = useState(1);
  const spins = useSpins(page);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <section aria-labelledby="game-rounds" className="mt-10">
      <h3 id="game-rounds" className="mb-4 font-display text-lg font-bold">
        {t.roundsTitle}
      </h3>
      {spins.isPending ? (
        <p role="status" className="text-sm text-text-muted">
          {t.loading}
        </p>
      ) : spins.isError ? (
        <EmptyState text={t.loadFailed} icon="history">
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => void spins.refetch()}
          >
            {t.retry}
          </button>
        </EmptyState>
      ) : spins.data.data.length === 0 ? (
        <EmptyState text={t.roundsEmpty} icon="games" />
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-border">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-2 text-text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t.colGame}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.colDate}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t.colBet}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t.colPayout}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.colStatus}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.colVerify}
                  </th>
                </tr>
              </thead>
              <tbody>
                {spins.data.data.map((spin) => (
                  <tr key={spin.id} className="border-t border-border">
                    <td className="px-3 py-2">
                      <Link
                        to={localize(`/games/${spin.gameIdentity}`)}
                        className="hover:underline"
                      >
                        {spin.gameName}
                      </Link>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-text-muted">
                      {date(spin.createdAt)}
                    </td>
                    <td className="px-3 py-2 text-right font-mono">
                      {amount(spin.bet, spin.currency)}
                    </td>
                    <td className="px-3 py-2 text-right font-mono">
                      {amount(spin.payout, spin.currency)}
                    </td>
                    <td className="px-3 py-2">{t[STATUS_TEXT[spin.status]]}</td>
                    <td className="px-3 py-2">
                      <Link
                        to={localize(verifierHref({ round: spin.id }))}
                        aria-label={formatMessage(t.verifyRoundLabel, {
                          game: spin.gameName,
                          date: date(spin.createdAt),
                        })}
                        className="font-semibold text-accent hover:underline"
                      >
                        {t.verifyRound}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {spins.data.meta.totalPages > 1 ? (
            <nav aria-label={t.pagination} className="mt-4 flex items-center justify-between gap-3">
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t.previous}
              </button>
              <span className="text-sm text-text-muted" aria-live="polite">
                {formatMessage(t.page, { page, pages: spins.data.meta.totalPages })}
              </span>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                disabled={page >= spins.data.meta.totalPages}
                onClick={() => setPage(page + 1)}
              >
                {t.next}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
