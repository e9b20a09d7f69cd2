import { toBaseMinor, type CurrencyRate } from '../wallet/wallet.fns.ts';

/** What a wager or loss limit caps, in the limit's own terms. */
export interface BetLimit {
  id: string;
  type: 'wager' | 'loss';
  period: 'day' | 'week' | 'month';
  currency: string;
  amount: number;
}

/** Staked and lost (stakes minus payouts, open rounds counting as lost) in the window. */
export interface BetUsage {
  wagered: number;
  lost: number;
}

/**
 * How a limit values amounts of the round's currency, or null when it does not apply: a limit
 * in the round's own currency counts minor units as they are; a limit in a cash currency counts
 * Sweeps Coins at their rate (Gold Coins have no cash value: only a GC limit caps them).
 */
export function limitValuer(
  limit: Pick<BetLimit, 'currency' | 'amount'>,
  roundCurrency: string,
  rates: (CurrencyRate & { code: string; isBase: boolean })[],
): { value: (amount: number) => number; cap: number } | null {
  if (limit.currency === roundCurrency) return { value: (amount) => amount, cap: limit.amount };
  if (roundCurrency !== 'SC' || limit.currency === 'GC') return null;
  const own = rates.find((r) => r.code === roundCurrency);
  const target = rates.find((r) => r.code === limit.currency);
  const base = rates.find((r) => r.isBase);
  if (!own || !target || !base) return null;
  // Both sides in base minor units, so a USD limit caps SC at one to one.
  return {
    value: (amount) => toBaseMinor(amount, own, base.subunitToUnit),
    cap: toBaseMinor(limit.amount, target, base.subunitToUnit),
  };
}

/** Whether staking `stake` more keeps the player within the limit. */
export function fitsBetLimit(
  limit: BetLimit,
  usage: BetUsage,
  stake: number,
  valuer: { value: (amount: number) => number; cap: number },
): boolean {
  const used = limit.type === 'wager' ? usage.wagered : usage.lost;
  return valuer.value(used + stake) <= valuer.cap;
}
