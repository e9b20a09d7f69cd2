import type { CardFace } from '../cards/card.fns';

export type BlackjackActionType = 'hit' | 'stand' | 'double' | 'split';
export type HandResultType = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

/** The blackjack engine's view (cards/blackjack.engine.ts stepOf). */
export interface BlackjackViewShape {
  dealer: { cards: CardFace[]; total: number; soft: boolean; holeCardPending: boolean };
  hands: {
    cards: CardFace[];
    total: number;
    soft: boolean;
    stake: number;
    doubled: boolean;
    result: HandResultType | null;
  }[];
  active: number | null;
  actions: BlackjackActionType[];
  done: boolean;
  payout: number;
}

/** The dealer's cards as drawn: the face-down hole card added while it is pending. */
export const dealerCardsOf = (view: BlackjackViewShape): (CardFace | null)[] =>
  view.dealer.holeCardPending ? [...view.dealer.cards, null] : view.dealer.cards;

/**
 * "17", or "7 / 17" for a soft total while the hand can still take cards. Once it is settled
 * (the round is over, or the hand has its result) a total is one number: the one that counted.
 */
export const totalLabel = (hand: { total: number; soft: boolean }, settled = false) =>
  hand.soft && hand.total <= 21 && !settled
    ? `${hand.total - 10} / ${hand.total}`
    : String(hand.total);

export const BLACKJACK_ACTIONS: readonly BlackjackActionType[] = [
  'hit',
  'stand',
  'double',
  'split',
];
