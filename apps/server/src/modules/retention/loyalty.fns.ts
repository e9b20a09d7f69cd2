import {
  LOYALTY_COINS_PER_POINT,
  LOYALTY_MILLIPOINTS_PER_POINT,
  LOYALTY_POINTS_PER_PURCHASE_UNIT,
  type GameCurrency,
} from '@coinfall/shared';

/**
 * Loyalty arithmetic (issue 15, decision 029), all pure. Points are kept in thousandths
 * (millipoints) and every source's share is rounded down on its own, so the total does not
 * depend on the order events arrive in; rakeback is kept in millionths of a minor unit.
 */

type GameKind = keyof (typeof LOYALTY_COINS_PER_POINT)['SC'];

/** Minor units per whole coin of the game currencies (GC and SC keep hundredths). */
const MINOR_PER_COIN = 100;

/**
 * Millipoints a settled stake earns: the player's own coins at stake (not free spins, not the
 * bonus part), weighted by currency and game kind. Zero for a currency that earns nothing.
 */
export function wagerMillipoints(cashStake: number, currency: string, kind: string): number {
  assertMinor(cashStake, 'stake');
  const rates = LOYALTY_COINS_PER_POINT[currency as GameCurrency] as
    Record<GameKind, number> | undefined;
  const coinsPerPoint = rates?.[kind as GameKind];
  if (!coinsPerPoint) return 0;
  // stake / 100 coins / coinsPerPoint points × 1000: one division, so one rounding.
  return Math.floor((cashStake * LOYALTY_MILLIPOINTS_PER_POINT) / (MINOR_PER_COIN * coinsPerPoint));
}

/** Millipoints of a completed purchase: the shop prices in USD cents; other currencies earn 0. */
export function purchaseMillipoints(amount: number, currency: string): number {
  assertMinor(amount, 'amount');
  if (currency !== 'USD') return 0;
  return (amount * LOYALTY_POINTS_PER_PURCHASE_UNIT * LOYALTY_MILLIPOINTS_PER_POINT) / 100;
}

export const wholePoints = (millipoints: number): number =>
  Math.floor(millipoints / LOYALTY_MILLIPOINTS_PER_POINT);

/** One rung of the ladder: a sublevel in ladder order (level position, then sublevel position). */
export interface Rung {
  sublevelId: number;
  /** Whole points at which it is reached. */
  points: number;
}

/**
 * The index of the highest rung reached with `points` (whole points); -1 below the first.
 * `ladder` is in order with strictly growing thresholds.
 */
export function rungAt(ladder: readonly Rung[], points: number): number {
  let reached = -1;
  for (const [i, rung] of ladder.entries()) {
    if (rung.points > points) break;
    reached = i;
  }
  return reached;
}

/**
 * The rungs a change of standing reached, lowest first: every one above the one held before
 * up to the one held now (several at once when one big stake climbs past more than one).
 * Nothing when the standing did not rise: points never go down, and a rung is rewarded once.
 * Every player stands on the rungs of 0 points from the start, so those are never "reached".
 */
export function rungsReached<R extends Rung>(
  ladder: readonly R[],
  heldSublevelId: number | null,
  points: number,
): R[] {
  // A new account stands on the rungs of 0 points already: reaching them is no level-up.
  const held =
    heldSublevelId === null
      ? rungAt(ladder, 0)
      : ladder.findIndex((r) => r.sublevelId === heldSublevelId);
  const now = rungAt(ladder, points);
  return now > held ? ladder.slice(held + 1, now + 1) : [];
}

/** The house edge of a game in basis points, from its RTP percent text (e.g. "98.990" → 101). */
export function edgeBasisPoints(rtpPercent: string): number {
  const rtp = Number(rtpPercent);
  if (!Number.isFinite(rtp)) return 0;
  return Math.max(0, 10_000 - Math.round(rtp * 100));
}

/**
 * Rakeback a settled cash stake accrues, in millionths of a minor unit: stake × edge (basis
 * points, 1e-4) × share (percent, 1e-2). Exact integers: no rounding until the credit.
 */
export function rakebackMicro(cashStake: number, edgeBps: number, percent: number): number {
  assertMinor(cashStake, 'stake');
  return cashStake * edgeBps * percent;
}

export const MICRO_PER_MINOR = 1_000_000;

/** What a daily credit pays (whole minor units) and what stays accrued. */
export function rakebackCredit(accruedMicro: number): { amount: number; remainderMicro: number } {
  const amount = Math.floor(accruedMicro / MICRO_PER_MINOR);
  return { amount, remainderMicro: accruedMicro - amount * MICRO_PER_MINOR };
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The start of the next UTC day. */
export function nextUtcDay(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  return d;
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`a ${what} is a non-negative integer of minor units, not ${value}`);
  }
}
