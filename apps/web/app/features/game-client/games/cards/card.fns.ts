/** A card as the engines describe it (cards/card.fns.ts describeCard). */
export interface CardFace {
  index: number;
  rank: number;
  suit: 'spades' | 'hearts' | 'diamonds' | 'clubs';
  label: string;
}

export const SUIT_SYMBOL: Record<CardFace['suit'], string> = {
  spades: '♠',
  hearts: '♥',
  diamonds: '♦',
  clubs: '♣',
};

export const isRedSuit = (suit: CardFace['suit']) => suit === 'hearts' || suit === 'diamonds';

const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** The rank as printed on the card ("A", "10", "K"). */
export const rankLabel = (rank: number) => RANK_NAMES[rank - 1] ?? String(rank);
