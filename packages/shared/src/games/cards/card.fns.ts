import type { FloatSource } from '../engine.ts';

/**
 * Cards of an unlimited deck (design/fairness-and-ledger.md §1): each card is
 * `floor(f * 52)` of a fresh float, so every draw is independent. Index 0–51: rank
 * `index % 13 + 1` (1 = ace … 13 = king), suit `floor(index / 13)`.
 */
export const DECK_SIZE = 52;
export const RANKS = 13;
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];

export const ACE = 1;
export const KING = 13;

export function drawCard(floats: FloatSource): number {
  return Math.floor(floats.next() * DECK_SIZE);
}

export const rankOf = (card: number) => (card % RANKS) + 1;
export const suitOf = (card: number): Suit => SUITS[Math.floor(card / RANKS)]!;

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** For views and tests: `{ index: 51, rank: 13, suit: 'clubs', label: 'K♣' }`-like data. */
export function describeCard(card: number) {
  return {
    index: card,
    rank: rankOf(card),
    suit: suitOf(card),
    label: RANK_LABELS[rankOf(card) - 1]!,
  };
}

/** Nominal probability of each rank 1…13: exactly 1/13 in an unlimited deck. */
export const UNIFORM_RANK_PROBABILITIES: readonly number[] = Array.from(
  { length: RANKS },
  () => 1 / RANKS,
);

/**
 * Rank probabilities under the actual mapping: a float is k / 2^32, so card c is drawn for
 * ceil((c+1)·2^32/52) − ceil(c·2^32/52) of the 2^32 values (82 595 524 or 82 595 525). The
 * deviation from 1/13 is below 52/2^32 per card; RTP tests use it to bound the mapping bias.
 */
export function mappedRankProbabilities(): number[] {
  const total = 2 ** 32;
  const firstValueOf = (card: number) => Math.ceil((card * total) / DECK_SIZE);
  const ranks = new Array<number>(RANKS).fill(0);
  for (let card = 0; card < DECK_SIZE; card += 1) {
    ranks[rankOf(card) - 1]! += (firstValueOf(card + 1) - firstValueOf(card)) / total;
  }
  return ranks;
}
