import { ACE, rankOf } from './card.fns.ts';

/** Blackjack values: ace 1 (or 11), 2–10 face value, jack/queen/king 10. */
export const valueOfRank = (rank: number) => Math.min(rank, 10);

export interface HandTotal {
  /** Best total (an ace counts 11 when that does not bust). */
  total: number;
  /** An ace is counted as 11. */
  soft: boolean;
  /** Sum with every ace as 1. */
  hard: number;
  hasAce: boolean;
}

export function totalOfValues(hard: number, hasAce: boolean): HandTotal {
  const soft = hasAce && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft, hard, hasAce };
}

export function handTotal(cards: readonly number[]): HandTotal {
  let hard = 0;
  let hasAce = false;
  for (const card of cards) {
    const rank = rankOf(card);
    hard += valueOfRank(rank);
    hasAce ||= rank === ACE;
  }
  return totalOfValues(hard, hasAce);
}

/** Two cards making 21 on the deal; never after a split. */
export const isNatural = (cards: readonly number[], fromSplit: boolean) =>
  !fromSplit && cards.length === 2 && handTotal(cards).total === 21;

/** Dealer stands on every 17, soft or hard (S17). */
export const dealerStands = (cards: readonly number[]) => handTotal(cards).total >= 17;
