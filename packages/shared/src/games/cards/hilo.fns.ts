import { MULTIPLIER_SCALE } from '../engine.ts';
import { ACE, KING, RANKS } from './card.fns.ts';

/**
 * Hi-lo math. A guess is about the rank of the next card (suits do not matter):
 * - `higher` wins on a rank higher than or equal to the current one; on an ace it means
 *   strictly higher (an ace cannot be beaten, "higher or same" would always win).
 * - `lower` wins on a rank lower than or equal to the current one; on a king it means
 *   strictly lower.
 * So from rank r (1 = ace … 13 = king) the winning ranks are:
 *   higher: 14 − r  (12 on an ace),   lower: r  (12 on a king)
 * and no guess ever wins for sure.
 *
 * The step multiplier is 0.99 / P(win) in 1/10 000, rounded down:
 *   floor(9 900 × 13 / winningRanks) = floor(128 700 / winningRanks).
 * Only 7 and 8 winning ranks round (18 385 and 16 087); every other step is exact.
 */
export type HiloGuess = 'higher' | 'lower';

export const HILO_EDGE_NUMERATOR = 9_900; // 0.99 in 1/10 000

export function winningRanks(rank: number, guess: HiloGuess): number {
  if (guess === 'higher') return rank === ACE ? RANKS - 1 : RANKS + 1 - rank;
  return rank === KING ? RANKS - 1 : rank;
}

export function guessWins(rank: number, guess: HiloGuess, nextRank: number): boolean {
  if (guess === 'higher') return rank === ACE ? nextRank > rank : nextRank >= rank;
  return rank === KING ? nextRank < rank : nextRank <= rank;
}

export function stepMultiplierE4(rank: number, guess: HiloGuess): number {
  return Math.floor((HILO_EDGE_NUMERATOR * RANKS) / winningRanks(rank, guess));
}

/**
 * Expected return of one guess relative to the multiplier before it, exactly:
 * (n / 13) × floor(128 700 / n) / 10 000. 0.99 except n = 7 (0.98996154) and n = 8 (0.98996923).
 */
export function guessReturn(rank: number, guess: HiloGuess): number {
  return (winningRanks(rank, guess) * stepMultiplierE4(rank, guess)) / (RANKS * MULTIPLIER_SCALE);
}

/** Auto cash-out at 1 000 000x; the step that reaches it pays the cap instead of more. */
export const HILO_MAX_MULTIPLIER_E4 = 1_000_000 * MULTIPLIER_SCALE;
export const HILO_MAX_SKIPS = 52;

const SCALE = BigInt(MULTIPLIER_SCALE);

/**
 * The multiplier is compounded exactly (the product of the step multipliers, kept as a list)
 * and rounded once, at payout: floor(bet × Π steps / 10 000^k). So each guess returns exactly
 * `guessReturn` of what was at stake and the only other rounding is < 1 minor unit per round.
 */
export function hiloPayout(bet: number, stepsE4: readonly number[]): number {
  let numerator = BigInt(bet);
  let denominator = 1n;
  for (const step of stepsE4) {
    numerator *= BigInt(step);
    denominator *= SCALE;
  }
  const capped = BigInt(bet) * BigInt(HILO_MAX_MULTIPLIER_E4);
  const exact = numerator / denominator;
  return Number(numerator * SCALE >= capped * denominator ? capped / SCALE : exact);
}

/** The multiplier to show, in 1/10 000, rounded down (the payout uses the exact product). */
export function hiloMultiplierE4(stepsE4: readonly number[]): number {
  let numerator = SCALE;
  let denominator = 1n;
  for (const step of stepsE4) {
    numerator *= BigInt(step);
    denominator *= SCALE;
  }
  const shown = numerator / denominator;
  const cap = BigInt(HILO_MAX_MULTIPLIER_E4);
  return Number(shown > cap ? cap : shown);
}

/** Has the exact multiplier reached the cap? */
export function reachesCap(stepsE4: readonly number[]): boolean {
  return hiloMultiplierE4(stepsE4) >= HILO_MAX_MULTIPLIER_E4;
}

/**
 * The advertised RTP: the worst single guess (7 winning ranks), 128 695 / 130 000 =
 * 98.9962 %. Every guess returns between this and 99 % of the current multiplier; a round
 * of k guesses therefore returns about 0.99^k (the usual hi-lo compounding, shown in the
 * game's rules), except the step that hits the 1 000 000x cap, which returns less.
 */
export const HILO_RTP = Math.min(
  ...Array.from({ length: RANKS }, (_, i) =>
    Math.min(guessReturn(i + 1, 'higher'), guessReturn(i + 1, 'lower')),
  ),
);
