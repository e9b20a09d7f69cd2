import { Suspense } from 'react';
import { buttonClass } from '../../../ui/button';
import { useLocalizedPath } from '../../../i18n/i18n';
import { formatCoins } from '../display.fns';
import { renderGameUi } from '../registry';
import { useGameText } from '../use-game-text';
import { ErrorNotice } from './error-notice';
import { FairnessPanel } from './fairness-panel';
import { useGameSession } from './use-game-session';

function FrameMessage({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p role="status" className="max-w-sm text-base text-text">
        {text}
      </p>
      {children}
    </div>
  );
}

/**
 * The game client's frame (/play/:identity in the iframe): session, balance, errors and the
 * fairness commitment around the game's own UI, which it loads by the game's engine key.
 */
export function GameFrame({ identity }: { identity: string }) {
  const { t, locale } = useGameText();
  const localize = useLocalizedPath();
  const frame = useGameSession();
  const backHref = localize(`/games/${encodeURIComponent(identity)}`);
  const back = (
    <a href={backHref} target="_top" className={buttonClass('primary', 'md')}>
      {t('backToGame')}
    </a>
  );

  switch (frame.status.kind) {
    case 'loading':
      return <FrameMessage text={t('loading')} />;
    case 'no-token':
      return <FrameMessage text={t('noToken')}>{back}</FrameMessage>;
    case 'expired':
      return <FrameMessage text={t('expired')}>{back}</FrameMessage>;
    case 'failed':
      return (
        <FrameMessage text={t('openFailed')}>
          <button type="button" className={buttonClass('outline', 'md')} onClick={frame.retry}>
            {t('retry')}
          </button>
          {back}
        </FrameMessage>
      );
    case 'ready':
      break;
  }

  const { session } = frame.status;
  const game =
    frame.api &&
    renderGameUi(session.game.engine, { session, api: frame.api, onAnswer: frame.onAnswer });
  return (
    <div
      className="mx-auto flex h-dvh w-full max-w-6xl flex-col gap-2 p-2 sm:gap-3 sm:p-4"
      data-testid="game-frame"
    >
      <header className="flex shrink-0 flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-bold text-text">{session.game.name}</h1>
        <p className="rounded-xl border border-border bg-surface px-3 py-1.5 text-sm">
          <span className="text-text-muted">{t('balance')}: </span>
          <strong className="font-semibold text-text tabular-nums" data-testid="game-balance">
            {formatCoins(frame.balance, session.currency, locale)}
          </strong>
        </p>
      </header>
      {frame.freeSpins && frame.freeSpins.left > 0 ? (
        <p
          className="rounded-xl border border-primary/60 bg-primary/10 px-3 py-1.5 text-sm text-text"
          data-testid="game-free-spins"
        >
          {t('freeSpinsLeft', {
            left: frame.freeSpins.left,
            bet: formatCoins(frame.freeSpins.bet, session.currency, locale),
          })}
        </p>
      ) : null}
      {frame.bonus ? (
        <p className="text-sm text-text-muted" data-testid="game-bonus">
          {t('bonusProgress', {
            balance: formatCoins(frame.bonus.balance, session.currency, locale),
            wagered: formatCoins(frame.bonus.wagered, session.currency, locale),
            required: formatCoins(frame.bonus.wageringRequired, session.currency, locale),
          })}
          {frame.bonus.maxBet === null
            ? null
            : ` · ${t('bonusMaxBet', { maxBet: formatCoins(frame.bonus.maxBet, session.currency, locale) })}`}
        </p>
      ) : null}
      {frame.error ? (
        <ErrorNotice error={frame.error} onDismiss={frame.dismissError} backHref={backHref} />
      ) : null}
      <main className="flex min-h-0 flex-1 flex-col">
        {game ? (
          <Suspense fallback={<p className="p-6 text-center text-text-muted">{t('loading')}</p>}>
            {game}
          </Suspense>
        ) : (
          <p className="p-6 text-center text-text-muted">{t('unknownGame')}</p>
        )}
      </main>
      {frame.fairness ? <FairnessPanel fairness={frame.fairness} rtp={session.game.rtp} /> : null}
    </div>
  );
}
