import { rankOf } from './card.fns.ts';
import type { BlackjackAction, BlackjackState } from './blackjack.engine.ts';
import { handTotal, valueOfRank } from './blackjack-hand.fns.ts';
import { bestDecision, blackjackEv, type HandSituation } from './blackjack-strategy.fns.ts';

/**
 * The advertised RTP: exact expected return with optimal (= basic, unlimited deck) play,
 * computed from the EV recursion at load. Players who deviate from the strategy get less.
 */
export const BLACKJACK_RTP = 1 + blackjackEv().roundEv();

/** The active hand as the strategy sees it, with the same allowances as the engine. */
export function situationOf(state: BlackjackState): HandSituation {
  const hand = state.hands[state.active]!;
  const { hard, hasAce } = handTotal(hand.cards);
  const twoCards = hand.cards.length === 2;
  const pair = !state.split && twoCards && rankOf(hand.cards[0]!) === rankOf(hand.cards[1]!);
  return {
    hard,
    hasAce,
    canDouble: twoCards,
    pairValue: pair ? valueOfRank(rankOf(hand.cards[0]!)) : null,
  };
}

/** Basic strategy for the hand being played (autoplay hints, simulations). */
export function blackjackStrategy(state: BlackjackState): BlackjackAction {
  const upValue = valueOfRank(rankOf(state.dealer[0]!));
  return { type: bestDecision(blackjackEv().decisionEvs(situationOf(state), upValue)) };
}
