import { RANKS, UNIFORM_RANK_PROBABILITIES } from './card.fns.ts';
import { totalOfValues, valueOfRank } from './blackjack-hand.fns.ts';

/**
 * Exact expected values of blackjack with an unlimited deck under our rules (European no hole
 * card: the dealer's second card comes after the player, and a dealer blackjack takes every
 * stake, doubles and splits included; S17; 3:2; double any two cards, also after a split; one
 * split; split aces one card each; no surrender, no insurance).
 *
 * With an unlimited deck every draw is independent, so the dealer's final total does not
 * depend on the player's cards: the EV of a hand is its stake times the EV of its final total
 * against the dealer's distribution, and optimal play depends only on (hard sum, ace held,
 * two cards or more, pair) and the dealer's up card. Maximising the EV at each decision gives
 * the optimal strategy; for an unlimited deck that is exactly the basic strategy.
 */
export type PlayerDecision = 'hit' | 'stand' | 'double' | 'split';

/** Dealer outcomes: totals 17–21, bust, blackjack. */
const DEALER_OUTCOMES = 7;
const BUST = 5;
const NATURAL = 6;

export interface HandSituation {
  /** Sum with aces as 1, and whether an ace is held. */
  hard: number;
  hasAce: boolean;
  /** Double allowed (two cards, not split aces). */
  canDouble: boolean;
  /** The value of the pair when a split is allowed, else null. */
  pairValue: number | null;
}

export interface BlackjackEv {
  /** Distribution of the dealer's result for an up-card value (1 = ace … 10). */
  dealerOutcomes(upValue: number): readonly number[];
  /** EV per unit stake of every allowed decision. */
  decisionEvs(situation: HandSituation, upValue: number): Partial<Record<PlayerDecision, number>>;
  /** EV per unit bet of the whole round, optimal play (RTP − 1). */
  roundEv(): number;
}

/** value → probability, values 1 (ace) … 10 (ten, jack, queen, king). */
function valueProbabilities(rankProbabilities: readonly number[]): number[] {
  const byValue = new Array<number>(11).fill(0);
  rankProbabilities.forEach((p, i) => {
    byValue[valueOfRank(i + 1)]! += p;
  });
  return byValue;
}

export function createBlackjackEv(
  rankProbabilities: readonly number[] = UNIFORM_RANK_PROBABILITIES,
): BlackjackEv {
  const q = valueProbabilities(rankProbabilities);
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  const dealerMemo = new Map<string, number[]>();
  function dealerFrom(hard: number, hasAce: boolean, cards: number): number[] {
    const key = `${hard}:${hasAce}:${cards}`;
    const cached = dealerMemo.get(key);
    if (cached) return cached;
    const { total } = totalOfValues(hard, hasAce);
    const result = new Array<number>(DEALER_OUTCOMES).fill(0);
    if (hard > 21) result[BUST] = 1;
    else if (cards === 2 && total === 21) result[NATURAL] = 1;
    else if (cards >= 2 && total >= 17) result[total - 17] = 1;
    else {
      for (const v of values) {
        dealerFrom(hard + v, hasAce || v === 1, cards + 1).forEach((p, i) => {
          result[i]! += q[v]! * p;
        });
      }
    }
    dealerMemo.set(key, result);
    return result;
  }
  const dealerOutcomes = (upValue: number) => dealerFrom(upValue, upValue === 1, 1);

  /** EV per unit of standing on `total` (≤ 21, not a natural). */
  function standEv(total: number, upValue: number): number {
    const d = dealerOutcomes(upValue);
    let ev = d[BUST]! - d[NATURAL]!;
    for (let dealerTotal = 17; dealerTotal <= 21; dealerTotal += 1) {
      ev += d[dealerTotal - 17]! * Math.sign(total - dealerTotal);
    }
    return ev;
  }

  /** EV after drawing one card onto (hard, ace) and playing on with `next` (bust = −1). */
  function drawEv(
    hard: number,
    hasAce: boolean,
    next: (hard: number, hasAce: boolean) => number,
  ): number {
    let ev = 0;
    for (const v of values) {
      ev += q[v]! * (hard + v > 21 ? -1 : next(hard + v, hasAce || v === 1));
    }
    return ev;
  }

  const bestMemo = new Map<string, number>();
  /** Best of hit and stand once doubling is no longer allowed; 21 stands. */
  function hitOrStandEv(hard: number, hasAce: boolean, upValue: number): number {
    const key = `${upValue}:${hard}:${hasAce}`;
    const cached = bestMemo.get(key);
    if (cached !== undefined) return cached;
    const { total } = totalOfValues(hard, hasAce);
    const stand = standEv(total, upValue);
    const ev =
      total === 21
        ? stand
        : Math.max(
            stand,
            drawEv(hard, hasAce, (h, a) => hitOrStandEv(h, a, upValue)),
          );
    bestMemo.set(key, ev);
    return ev;
  }

  function decisionEvs(s: HandSituation, upValue: number): Partial<Record<PlayerDecision, number>> {
    const { total } = totalOfValues(s.hard, s.hasAce);
    const evs: Partial<Record<PlayerDecision, number>> = { stand: standEv(total, upValue) };
    if (total === 21) return evs;
    evs.hit = drawEv(s.hard, s.hasAce, (h, a) => hitOrStandEv(h, a, upValue));
    if (s.canDouble) {
      evs.double =
        2 * drawEv(s.hard, s.hasAce, (h, a) => standEv(totalOfValues(h, a).total, upValue));
    }
    if (s.pairValue !== null) evs.split = 2 * splitHandEv(s.pairValue, upValue);
    return evs;
  }

  /** EV per unit of one hand after splitting a pair of `value` (no resplit, no natural). */
  function splitHandEv(value: number, upValue: number): number {
    const aces = value === 1;
    let ev = 0;
    for (const v of values) {
      const hard = value + v;
      const hasAce = aces || v === 1;
      const hand = aces
        ? standEv(totalOfValues(hard, hasAce).total, upValue)
        : bestOf(decisionEvs({ hard, hasAce, canDouble: true, pairValue: null }, upValue));
      ev += q[v]! * hand;
    }
    return ev;
  }

  function roundEv(): number {
    let ev = 0;
    for (let up = 1; up <= RANKS; up += 1) {
      const upValue = valueOfRank(up);
      const dealerNatural = dealerOutcomes(upValue)[NATURAL]!;
      for (let first = 1; first <= RANKS; first += 1) {
        for (let second = 1; second <= RANKS; second += 1) {
          const a = valueOfRank(first);
          const b = valueOfRank(second);
          const p =
            rankProbabilities[up - 1]! *
            rankProbabilities[first - 1]! *
            rankProbabilities[second - 1]!;
          const natural = (a === 1 && b === 10) || (a === 10 && b === 1);
          const hand = natural
            ? 1.5 * (1 - dealerNatural)
            : bestOf(
                decisionEvs(
                  {
                    hard: a + b,
                    hasAce: a === 1 || b === 1,
                    canDouble: true,
                    pairValue: first === second ? a : null,
                  },
                  upValue,
                ),
              );
          ev += p * hand;
        }
      }
    }
    return ev;
  }

  return { dealerOutcomes, decisionEvs, roundEv };
}

function bestOf(evs: Partial<Record<PlayerDecision, number>>): number {
  return Math.max(...Object.values(evs));
}

/** The decision with the highest EV (ties go to the earlier of stand, hit, double, split). */
export function bestDecision(evs: Partial<Record<PlayerDecision, number>>): PlayerDecision {
  let best: PlayerDecision = 'stand';
  for (const decision of ['stand', 'hit', 'double', 'split'] as const) {
    const ev = evs[decision];
    if (ev !== undefined && ev > evs[best]!) best = decision;
  }
  return best;
}

let uniform: BlackjackEv | undefined;
/** The EV tables of the real game (every rank 1/13), built once. */
export const blackjackEv = (): BlackjackEv => (uniform ??= createBlackjackEv());
