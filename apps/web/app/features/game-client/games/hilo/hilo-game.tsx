import { payoutOf } from '@coinfall/shared/games/engine';
import { buttonClass } from '../../../../ui/button';
import { BetSelector } from '../../common/bet-selector';
import { GameLayout } from '../../common/game-layout';
import { LiveMessage, RoundResult } from '../../common/round-result';
import { useStatefulRound } from '../../common/use-stateful-round';
import { formatCoins, formatMultiplier } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText } from '../../use-game-text';
import type { CardFace } from '../cards/card.fns';
import { PlayingCard } from '../cards/playing-card';
import { hiloNews, type HiloViewShape } from './hilo.fns';

/** Hi-lo: guess whether the next card is higher or lower, cash out the compounded multiplier. */
export default function HiloGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useStatefulRound(props);
  const view = (game.round?.view as HiloViewShape | undefined) ?? null;
  const current: CardFace | null = view?.draws.at(-1) ?? null;
  const cashOut =
    view && game.round && view.canCashOut ? payoutOf(game.round.bet, view.multiplierE4) : null;
  const news = hiloNews(view);
  const odds = game.open ? view?.odds : null;

  const guessLabel = (key: 'hiloHigher' | 'hiloLower', side: 'higher' | 'lower') => {
    const o = odds?.[side];
    return o
      ? `${t(key)} — ${t('hiloChance', {
          chance: (o.probability * 100).toFixed(2),
          multiplier: formatMultiplier(o.stepMultiplierE4, locale),
        })}`
      : t(key);
  };

  return (
    <GameLayout
      stage={
        <div className="flex flex-col items-center gap-3 py-2">
          <div data-testid="hilo-current">
            <PlayingCard card={current} size="lg" />
          </div>
          <p className="text-sm text-text-muted">
            {t('multiplier')}:{' '}
            <strong className="text-text">
              {view ? formatMultiplier(view.multiplierE4, locale) : '—'}
            </strong>
            {view && game.open ? ` · ${t('hiloSkipsLeft', { count: view.skipsLeft })}` : ''}
          </p>
          {view && view.draws.length > 1 ? (
            <div className="w-full">
              <p className="mb-1 text-xs font-semibold text-text-muted">{t('hiloHistory')}</p>
              <ol className="flex gap-1 overflow-x-auto pb-1">
                {view.draws.map((draw, i) => (
                  <li key={i} className={'won' in draw && !draw.won ? 'opacity-60' : ''}>
                    <PlayingCard card={draw} size="sm" />
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          <LiveMessage
            text={
              news === 'lost'
                ? t('hiloLost')
                : news === 'won' && view
                  ? t('hiloWon', { multiplier: formatMultiplier(view.multiplierE4, locale) })
                  : current
                    ? t('hiloCurrent', { card: `${current.label}` })
                    : ''
            }
          />
          <RoundResult round={game.round?.done ? game.round : null} currency={session.currency} />
        </div>
      }
      controls={
        <>
          <BetSelector
            levels={session.betLevels}
            value={game.bet}
            onChange={game.setBet}
            currency={session.currency}
            disabled={game.open || game.busy}
          />
          {game.open ? (
            <>
              <button
                type="button"
                className={buttonClass('primary', 'md', 'h-auto py-2 whitespace-normal')}
                disabled={game.busy || !odds?.higher.winningRanks}
                onClick={() => void game.act({ type: 'higher' })}
              >
                {guessLabel('hiloHigher', 'higher')}
              </button>
              <button
                type="button"
                className={buttonClass('primary', 'md', 'h-auto py-2 whitespace-normal')}
                disabled={game.busy || !odds?.lower.winningRanks}
                onClick={() => void game.act({ type: 'lower' })}
              >
                {guessLabel('hiloLower', 'lower')}
              </button>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                disabled={game.busy || !view?.skipsLeft}
                onClick={() => void game.act({ type: 'skip' })}
              >
                {t('hiloSkip')}
              </button>
              <button
                type="button"
                className={buttonClass('accent', 'lg')}
                disabled={game.busy || cashOut === null}
                onClick={() => void game.act({ type: 'cashout' })}
              >
                {t('hiloCashOut', {
                  amount: cashOut === null ? '' : formatCoins(cashOut, session.currency, locale),
                }).trim()}
              </button>
            </>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', 'lg')}
              disabled={game.busy}
              onClick={() => void game.start({})}
            >
              {t('hiloDeal')}
            </button>
          )}
        </>
      }
    />
  );
}
