/**
 * Exact odds shared by the originals: every advertised RTP is computed from these, never typed
 * in. A float of the scheme is k / 2^32 for an integer k (four bytes), so `floor(f * n)` is
 * not perfectly uniform; `gridProbability` counts the k that land on each outcome.
 */

/** One possible result of a round: its multiplier (1/10 000) and its probability. */
export interface PayoutOutcome {
  multiplierE4: number;
  probability: number;
}
export type PayoutDistribution = PayoutOutcome[];

export const FLOAT_GRID = 2 ** 32;

/** floor(a / b) for non-negative integers below 2^53, without the rounding of `a / b`. */
export function intDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

const ceilDiv = (a: number, b: number) => intDiv(a + b - 1, b);

/** P(lo ≤ floor(f · n) < hi) for a float f of the scheme (k / 2^32, k uniform). */
export function gridProbability(lo: number, hi: number, n: number): number {
  const count = ceilDiv(hi * FLOAT_GRID, n) - ceilDiv(lo * FLOAT_GRID, n);
  return count / FLOAT_GRID;
}

/** C(n, k) exactly (the games here stay far below 2^53). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}

/** Expected multiplier as a fraction of the bet: the RTP. */
export function rtpOfDistribution(distribution: PayoutDistribution): number {
  return distribution.reduce((sum, o) => sum + (o.probability * o.multiplierE4) / 10_000, 0);
}

/** Standard deviation of the multiplier (per unit bet): what F4's tolerance is built from. */
export function sigmaOfDistribution(distribution: PayoutDistribution): number {
  const mean = rtpOfDistribution(distribution);
  const square = distribution.reduce(
    (sum, o) => sum + o.probability * (o.multiplierE4 / 10_000) ** 2,
    0,
  );
  return Math.sqrt(Math.max(0, square - mean * mean));
}

/** A multiplier given with two decimals (x2.5, x1000) as an integer in 1/10 000. */
export const multiplierE4Of = (multiplier: number) => Math.round(multiplier * 10_000);

/** True when a number has at most two decimals (targets, multipliers the player types). */
export const hasTwoDecimalsAtMost = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;
