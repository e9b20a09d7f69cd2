import type { ActivityBet, Winner } from '@coinfall/shared/contracts/realtime';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { realtimeMessages } from '../../i18n/messages/realtime.ts';
import { useFormatAmount } from '../wallet/use-format-amount.ts';
import { useBoardCountry, useBoardDevice } from './use-board-view.ts';
import { useActivityBoard, useWinnersBoard, type BoardState } from './use-live-boards.ts';

type Texts = ReturnType<typeof useMessages<(typeof realtimeMessages)['en']>>;

function BoardBody<T>({
  state,
  retry,
  isEmpty,
  emptyText,
  t,
  children,
}: {
  state: BoardState<T>;
  retry: () => void;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  t: Texts;
  children: (data: T) => React.ReactNode;
}) {
  if (state.status === 'loading')
    return (
      <p className="text-sm text-text-muted" aria-busy="true">
        {t.boardLoading}
      </p>
    );
  if (state.status === 'error')
    return (
      <p className="flex items-center gap-3 text-sm text-text-muted">
        {t.boardFailed}
        <button type="button" onClick={retry} className="font-semibold text-accent underline">
          {t.retry}
        </button>
      </p>
    );
  if (isEmpty(state.data)) return <p className="text-sm text-text-muted">{emptyText}</p>;
  return <>{children(state.data)}</>;
}

function WinRow({ win, format, t }: { win: Winner; format: Format; t: Texts }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl bg-surface-2 px-3 py-2 text-sm">
      <span className="min-w-0 truncate text-text">
        {formatMessage(t.winRow, {
          nickname: win.nickname,
          amount: format(win.payout, win.currency),
          game: win.gameName,
        })}
      </span>
      <span className="shrink-0 font-semibold text-accent">
        {formatMessage(t.multiplier, { multiplier: win.multiplier })}
      </span>
    </li>
  );
}

type Format = (amount: number, currency: string) => string;

/** Latest 12 and top 3 winners of the visitor's device type and country, live. */
export function WinnersBoardView() {
  const t = useMessages(realtimeMessages);
  const format = useFormatAmount();
  const device = useBoardDevice();
  const country = useBoardCountry();
  const { state, retry } = useWinnersBoard(device, country);
  return (
    <section aria-labelledby="winners-board-title" data-testid="winners-board">
      <h2 id="winners-board-title" className="mb-4 font-display text-xl font-bold text-text">
        {t.winnersTitle}
      </h2>
      <BoardBody
        state={state}
        retry={retry}
        isEmpty={(board) => board.latest.length === 0 && board.top.length === 0}
        emptyText={t.winnersEmpty}
        t={t}
      >
        {(board) => (
          <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
            <ul className="grid gap-2" aria-labelledby="winners-board-title">
              {board.latest.map((win) => (
                <WinRow key={win.roundId} win={win} format={format} t={t} />
              ))}
            </ul>
            {board.top.length > 0 ? (
              <div>
                <h3 id="top-winners-title" className="mb-2 text-sm font-bold text-text-muted">
                  {t.topWinnersTitle}
                </h3>
                <ol className="grid gap-2" aria-labelledby="top-winners-title">
                  {board.top.map((win) => (
                    <WinRow key={win.roundId} win={win} format={format} t={t} />
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
        )}
      </BoardBody>
    </section>
  );
}

function ActivityRow({ bet, format, t }: { bet: ActivityBet; format: Format; t: Texts }) {
  return (
    <li className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-text">
      {formatMessage(t.winRow, {
        nickname: bet.nickname,
        amount: format(bet.payout, bet.currency),
        game: bet.gameName,
      })}
    </li>
  );
}

/**
 * The latest settled wins, newest first. Only the newest live row is announced (politely, one
 * sentence that replaces the last), so a busy board never floods a screen reader.
 */
export function ActivityBoardView() {
  const t = useMessages(realtimeMessages);
  const format = useFormatAmount();
  const { state, lastLive, retry } = useActivityBoard();
  return (
    <section aria-labelledby="activity-board-title" data-testid="activity-board">
      <h2 id="activity-board-title" className="mb-4 font-display text-xl font-bold text-text">
        {t.activityTitle}
      </h2>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {lastLive
          ? formatMessage(t.newActivity, {
              nickname: lastLive.nickname,
              amount: format(lastLive.payout, lastLive.currency),
              game: lastLive.gameName,
            })
          : ''}
      </p>
      <BoardBody
        state={state}
        retry={retry}
        isEmpty={(rows) => rows.length === 0}
        emptyText={t.activityEmpty}
        t={t}
      >
        {(rows) => (
          <ul className="grid gap-2" aria-labelledby="activity-board-title">
            {rows.map((bet) => (
              <ActivityRow key={bet.roundId} bet={bet} format={format} t={t} />
            ))}
          </ul>
        )}
      </BoardBody>
    </section>
  );
}

/** Both boards, for the home page and the lobby (loaded after hydration). */
export function LiveBoards() {
  return (
    <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
      <WinnersBoardView />
      <ActivityBoardView />
    </div>
  );
}
