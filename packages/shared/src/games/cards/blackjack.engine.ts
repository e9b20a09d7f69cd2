import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine, type Step } from '../engine.ts';
import { ACE, describeCard, drawCard, rankOf } from './card.fns.ts';
import { dealerStands, handTotal, isNatural } from './blackjack-hand.fns.ts';
import { BLACKJACK_RTP } from './blackjack-play.fns.ts';
import { EngineRuleError } from '../engine-rule-error.ts';

export const blackjackParamsSchema = z.object({}).strict();
export type BlackjackParams = z.infer<typeof blackjackParamsSchema>;

export const blackjackActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hit') }),
  z.object({ type: z.literal('stand') }),
  z.object({ type: z.literal('double') }),
  z.object({ type: z.literal('split') }),
]);
export type BlackjackAction = z.infer<typeof blackjackActionSchema>;

export const HandResult = {
  Blackjack: 'blackjack',
  Win: 'win',
  Push: 'push',
  Lose: 'lose',
  Bust: 'bust',
} as const;
export type HandResult = (typeof HandResult)[keyof typeof HandResult];

/**
 * Total returned per unit of stake, in 1/10 000: blackjack 3:2, win 1:1, push stake back.
 * payoutOf rounds down, so 3:2 on an odd stake loses half a minor unit (every bet level is even).
 */
export const RESULT_MULTIPLIER_E4: Record<HandResult, number> = {
  blackjack: 25_000,
  win: 20_000,
  push: 10_000,
  lose: 0,
  bust: 0,
};

export interface BlackjackHand {
  cards: number[];
  stake: number;
  doubled: boolean;
  /** No more cards: stood, doubled, bust, 21 (stands by itself), or a split ace. */
  finished: boolean;
  result: HandResult | null;
}

export interface BlackjackState {
  bet: number;
  /** The up card, then (once the player is finished) the hole card and the dealer's draws. */
  dealer: number[];
  hands: BlackjackHand[];
  /** The hand being played. */
  active: number;
  split: boolean;
  done: boolean;
}

const newHand = (cards: number[], stake: number): BlackjackHand => ({
  cards,
  stake,
  doubled: false,
  finished: false,
  result: null,
});

const payoutOfState = (state: BlackjackState) =>
  state.done
    ? state.hands.reduce((sum, h) => sum + payoutOf(h.stake, RESULT_MULTIPLIER_E4[h.result!]), 0)
    : 0;

/** What the player may do now (empty once the round is over). */
export function allowedActions(state: BlackjackState): BlackjackAction['type'][] {
  if (state.done) return [];
  const hand = state.hands[state.active]!;
  const actions: BlackjackAction['type'][] = ['hit', 'stand'];
  if (hand.cards.length === 2) actions.push('double');
  if (
    !state.split &&
    hand.cards.length === 2 &&
    rankOf(hand.cards[0]!) === rankOf(hand.cards[1]!)
  ) {
    actions.push('split');
  }
  return actions;
}

function stepOf(state: BlackjackState, extraBet?: number): Step<BlackjackState> {
  const payout = payoutOfState(state);
  const dealerTotal = handTotal(state.dealer);
  return {
    state,
    done: state.done,
    payout,
    ...(extraBet ? { extraBet } : {}),
    // The hole card is not drawn until the player is finished, so nothing is hidden but its slot.
    view: {
      dealer: {
        cards: state.dealer.map(describeCard),
        total: dealerTotal.total,
        soft: dealerTotal.soft,
        holeCardPending: !state.done,
      },
      hands: state.hands.map((h) => ({
        cards: h.cards.map(describeCard),
        ...handTotal(h.cards),
        stake: h.stake,
        doubled: h.doubled,
        result: h.result,
      })),
      active: state.done ? null : state.active,
      actions: allowedActions(state),
      done: state.done,
      payout,
    },
  };
}

/** Deal the second card of a split hand when its turn comes; a split ace takes only that card. */
function finishWhenNoChoice(
  hand: BlackjackHand,
  floats: FloatSource,
  splitAces: boolean,
): BlackjackHand {
  const cards = hand.cards.length === 1 ? [...hand.cards, drawCard(floats)] : hand.cards;
  const total = handTotal(cards).total;
  return { ...hand, cards, finished: hand.finished || splitAces || total >= 21 };
}

function settle(state: BlackjackState, floats: FloatSource): BlackjackState {
  const dealer = [...state.dealer, drawCard(floats)];
  const dealerNatural = isNatural(dealer, false);
  // The dealer draws on only when a hand still stands against him (not bust, not a natural).
  const live = state.hands.some(
    (h) => handTotal(h.cards).total <= 21 && !isNatural(h.cards, state.split),
  );
  if (live && !dealerNatural) {
    while (!dealerStands(dealer)) dealer.push(drawCard(floats));
  }
  const dealerTotal = handTotal(dealer).total;
  const hands = state.hands.map((hand): BlackjackHand => {
    const total = handTotal(hand.cards).total;
    const natural = isNatural(hand.cards, state.split);
    let result: HandResult;
    if (total > 21) result = HandResult.Bust;
    else if (natural) result = dealerNatural ? HandResult.Push : HandResult.Blackjack;
    // No peek: a dealer blackjack beats every other hand and takes doubles and splits too.
    else if (dealerNatural) result = HandResult.Lose;
    else if (dealerTotal > 21 || total > dealerTotal) result = HandResult.Win;
    else result = total === dealerTotal ? HandResult.Push : HandResult.Lose;
    return { ...hand, finished: true, result };
  });
  return { ...state, dealer, hands, done: true };
}

/** Move to the next hand that needs the player, or let the dealer play. */
function advance(state: BlackjackState, floats: FloatSource): BlackjackState {
  const splitAces = state.split && rankOf(state.hands[0]!.cards[0]!) === ACE;
  const hands = [...state.hands];
  let active = state.active;
  while (active < hands.length) {
    hands[active] = finishWhenNoChoice(hands[active]!, floats, splitAces);
    if (!hands[active]!.finished) return { ...state, hands, active };
    active += 1;
  }
  return settle({ ...state, hands, active: hands.length - 1 }, floats);
}

export const blackjackEngine: GameEngine<BlackjackParams, BlackjackState, BlackjackAction> = {
  key: 'blackjack',
  paramsSchema: blackjackParamsSchema,
  actionSchema: blackjackActionSchema,
  rtp: BLACKJACK_RTP,
  volatility: 'low',

  start(floats, bet) {
    // Dealt player, dealer up, player; the hole card waits for the player (no peek).
    const first = drawCard(floats);
    const up = drawCard(floats);
    const hand = newHand([first, drawCard(floats)], bet);
    const state: BlackjackState = {
      bet,
      dealer: [up],
      hands: [hand],
      active: 0,
      split: false,
      done: false,
    };
    if (isNatural(hand.cards, false)) return stepOf(settle(state, floats));
    return stepOf(state);
  },

  act(floats, state, action) {
    if (state.done) throw new EngineRuleError('ROUND_OVER', 'The round is over');
    const hand = state.hands[state.active]!;
    const withHand = (next: BlackjackHand) => ({
      ...state,
      hands: state.hands.map((h, i) => (i === state.active ? next : h)),
    });
    switch (action.type) {
      case 'hit': {
        const cards = [...hand.cards, drawCard(floats)];
        return stepOf(
          advance(withHand({ ...hand, cards, finished: handTotal(cards).total >= 21 }), floats),
        );
      }
      case 'stand':
        return stepOf(advance(withHand({ ...hand, finished: true }), floats));
      case 'double': {
        if (!allowedActions(state).includes('double')) {
          throw new EngineRuleError(
            'CANNOT_DOUBLE',
            'Double only on the first two cards of a hand',
          );
        }
        const cards = [...hand.cards, drawCard(floats)];
        const doubled = { ...hand, cards, stake: hand.stake * 2, doubled: true, finished: true };
        return stepOf(advance(withHand(doubled), floats), hand.stake);
      }
      case 'split': {
        if (!allowedActions(state).includes('split')) {
          throw new EngineRuleError(
            'CANNOT_SPLIT',
            'Split only a first pair of the same rank, once',
          );
        }
        const [left, right] = hand.cards as [number, number];
        const hands = [newHand([left], hand.stake), newHand([right], hand.stake)];
        return stepOf(advance({ ...state, hands, active: 0, split: true }, floats), hand.stake);
      }
    }
  },
};
