import { buttonClass } from '../../../../ui/button';
import { BetSelector } from '../../common/bet-selector';
import { GameLayout } from '../../common/game-layout';
import { RoundResult } from '../../common/round-result';
import { useStatefulRound } from '../../common/use-stateful-round';
import type { GameUiProps } from '../../game-ui';
import { useGameText, type GameTextKey } from '../../use-game-text';
import { PlayingCard } from '../cards/playing-card';
import {
  BLACKJACK_ACTIONS,
  dealerCardsOf,
  totalLabel,
  type BlackjackActionType,
  type BlackjackViewShape,
} from './blackjack.fns';

const ACTION_TEXT: Record<BlackjackActionType, GameTextKey> = {
  hit: 'bjHit',
  stand: 'bjStand',
  double: 'bjDouble',
  split: 'bjSplit',
};

/** Blackjack: the dealer's and the player's hands as cards; the moves the engine allows. */
export default function BlackjackGame(props: GameUiProps) {
  const { session } = props;
  const { t } = useGameText();
  const game = useStatefulRound(props);
  const view = (game.round?.view as BlackjackViewShape | undefined) ?? null;
  const allowed = game.open ? (view?.actions ?? []) : [];

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-4 rounded-xl bg-[#0e5a36] p-3">
          <section aria-label={t('bjDealer')} data-testid="bj-dealer">
            <h2 className="mb-1 text-sm font-semibold text-white">
              {t('bjDealer')}
              {view ? ` · ${t('bjTotal', { total: totalLabel(view.dealer, view.done) })}` : ''}
            </h2>
            <div className="flex flex-wrap gap-1">
              {view
                ? dealerCardsOf(view).map((card, i) => <PlayingCard key={i} card={card} />)
                : null}
            </div>
          </section>
          <div className="flex flex-wrap gap-4" data-testid="bj-hands">
            {(view?.hands ?? []).map((hand, i) => (
              <section
                key={i}
                aria-label={
                  view && view.hands.length > 1 ? t('bjHandN', { n: i + 1 }) : t('bjHand')
                }
                aria-current={view?.active === i && view.hands.length > 1 ? 'step' : undefined}
                className={`rounded-xl p-1 ${view?.active === i && (view?.hands.length ?? 0) > 1 ? 'ring-2 ring-accent' : ''}`}
              >
                <h2 className="mb-1 text-sm font-semibold text-white">
                  {view && view.hands.length > 1 ? t('bjHandN', { n: i + 1 }) : t('bjHand')} ·{' '}
                  {t('bjTotal', {
                    total: totalLabel(hand, Boolean(view?.done) || hand.result !== null),
                  })}
                  {hand.result ? (
                    <span
                      className="ml-2 rounded-md bg-black/40 px-1.5 py-0.5 text-accent"
                      data-testid="bj-result"
                    >
                      {t(`bj.${hand.result}`)}
                    </span>
                  ) : null}
                </h2>
                <div className="flex flex-wrap gap-1">
                  {hand.cards.map((card, j) => (
                    <PlayingCard key={j} card={card} />
                  ))}
                </div>
              </section>
            ))}
          </div>
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
            <div className="grid grid-cols-2 gap-2">
              {BLACKJACK_ACTIONS.map((action) => (
                <button
                  key={action}
                  type="button"
                  className={buttonClass(action === 'stand' ? 'accent' : 'primary', 'md')}
                  disabled={game.busy || !allowed.includes(action)}
                  onClick={() => void game.act({ type: action })}
                >
                  {t(ACTION_TEXT[action])}
                </button>
              ))}
            </div>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', 'lg')}
              disabled={game.busy}
              onClick={() => void game.start({})}
            >
              {t('bjDeal')}
            </button>
          )}
        </>
      }
    />
  );
}
