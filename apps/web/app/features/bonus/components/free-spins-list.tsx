import { useState } from 'react';
import { Link } from 'react-router';
import { FREE_SPINS_PAGE_SIZE, type PlayerFreeSpin } from '@coinfall/shared/contracts/bonus';
import { FreeSpinStatus } from '@coinfall/shared/bonus-constants';
import { ApiError } from '../../../lib/api/api-error.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { formatMessage, useLocalizedPath } from '../../../i18n/i18n.tsx';
import { buttonClass } from '../../../ui/button.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { useFreeSpinAction, usePlayerFreeSpins } from '../api/player-bonuses';
import { OPEN_FREE_SPIN_STATUSES, isBonusRefusedHere } from '../bonus.fns';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { useNow } from '../hooks/use-now';
import { Pager } from '../../../ui/pager';

/**
 * The free spins still to play, 9 a page (spec §9): count, used, game, and "Play", which opens
 * the game (spec §2: free spins lead to /games/{identity}); the game spends them. Spins issued
 * for manual activation are activated here first.
 */
export function FreeSpinsList() {
  const { t, spanUntil } = useBonusTexts();
  const [page, setPage] = useState(1);
  const spins = usePlayerFreeSpins({
    statuses: OPEN_FREE_SPIN_STATUSES,
    page,
    perPage: FREE_SPINS_PAGE_SIZE,
  });
  const format = useFormatAmount();
  const localize = useLocalizedPath();
  const now = useNow(30_000);
  const action = useFreeSpinAction();
  const [notice, setNotice] = useState({ text: '', tone: 'info' as 'info' | 'error' });
  const activate = (grant: PlayerFreeSpin) => {
    setNotice({ text: '', tone: 'info' });
    action.mutate(
      { id: grant.id, action: 'activate' },
      {
        onSuccess: () =>
          setNotice({
            tone: 'info',
            text: formatMessage(t.freeSpinsActivated, { game: grant.game.name }),
          }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: isBonusRefusedHere(error)
              ? t.notAllowedHere
              : error instanceof ApiError && error.message
                ? formatMessage(t.actionFailed, { reason: error.message })
                : t.actionFailedPlain,
          }),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <LoadState texts={t} query={spins} rows={2}>
        {(list) =>
          list.data.length === 0 ? (
            <p className="text-sm text-text-muted" data-testid="free-spins-empty">
              {t.freeSpinsEmpty}
            </p>
          ) : (
            <>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {list.data.map((grant) => {
                  const left = spanUntil(grant.expiresAt, now);
                  return (
                    <li
                      key={grant.id}
                      data-testid="free-spins"
                      className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/40 p-4"
                    >
                      <h4 className="font-semibold text-text">{grant.game.name}</h4>
                      <p className="text-sm text-text tabular-nums">
                        {formatMessage(t.freeSpinsCount, {
                          left: Math.max(0, grant.count - grant.used),
                          count: grant.count,
                        })}
                      </p>
                      <p className="text-xs text-text-muted">
                        {formatMessage(t.freeSpinsBet, {
                          amount: format(grant.bet, grant.currency),
                        })}
                        {grant.won > 0
                          ? ` · ${formatMessage(t.freeSpinsWon, { amount: format(grant.won, grant.currency) })}`
                          : ''}
                      </p>
                      <p className="text-xs text-text-muted">
                        {t[`freeSpinsPayout_${grant.payout}`]}
                      </p>
                      {left ? (
                        <p className="text-xs text-text-muted">
                          {formatMessage(t.expiresIn, { time: left })}
                        </p>
                      ) : null}
                      {grant.status === FreeSpinStatus.Issued ? (
                        <button
                          type="button"
                          disabled={action.isPending}
                          onClick={() => activate(grant)}
                          aria-label={formatMessage(t.freeSpinsActivateLabel, {
                            game: grant.game.name,
                          })}
                          className={buttonClass('accent', 'sm', 'mt-auto self-start')}
                        >
                          {t.freeSpinsActivate}
                        </button>
                      ) : (
                        <Link
                          to={localize(`/games/${encodeURIComponent(grant.game.identity)}`)}
                          aria-label={formatMessage(t.playLabel, { game: grant.game.name })}
                          className={buttonClass('primary', 'sm', 'mt-auto self-start')}
                        >
                          {t.play}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
              <Pager meta={list.meta} onPage={setPage} t={t} />
            </>
          )
        }
      </LoadState>
      <LiveMessage text={notice.text} tone={notice.tone} />
    </div>
  );
}
