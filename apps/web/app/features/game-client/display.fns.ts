import { MULTIPLIER_SCALE } from '@coinfall/shared/games/engine';
import type { GameCurrency } from '@coinfall/shared/contracts/game';
import { formatBalance, formatMinorUnits, type CurrencyFormat } from '../wallet/money.fns';

/** Game currencies are virtual coins with 100 minor units to the coin (contracts/rgs.ts). */
export const COINS_PER_MINOR = 100;

export const gameCurrencyFormat = (code: GameCurrency): CurrencyFormat => ({
  code,
  type: 'virtual',
  subunitToUnit: COINS_PER_MINOR,
  subCurrencies: [],
});

/** "1,000 GC", "0.5 SC": the site's own balance format. */
export const formatCoins = (minor: number, currency: GameCurrency, locale: string): string =>
  formatBalance(minor, currency, gameCurrencyFormat(currency), locale);

/** Coins without the code ("12.5"), for inputs and compact labels. */
export const formatCoinAmount = (minor: number, locale: string): string =>
  formatMinorUnits(minor, COINS_PER_MINOR, locale, 0);

/** Coins typed by the player ("12.5", "12,5") as minor units; null when not a number. */
export function coinsToMinor(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * COINS_PER_MINOR);
}

/** A multiplier in 1/10 000 as "×2.00" (two to four decimals: never hides a fraction). */
export function formatMultiplier(multiplierE4: number, locale: string): string {
  const value = multiplierE4 / MULTIPLIER_SCALE;
  return `×${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value)}`;
}

/** A plain multiplier (limbo's result, a target) as "×2.00". */
export const formatTimes = (value: number, locale: string): string =>
  formatMultiplier(Math.round(value * MULTIPLIER_SCALE), locale);

export type Outcome = 'win' | 'loss' | 'even';

/** How a settled round reads: won more than staked, less, or the stake back. */
export const outcomeOf = (round: { bet: number; payout: number }): Outcome =>
  round.payout > round.bet ? 'win' : round.payout < round.bet ? 'loss' : 'even';

/**
 * The multiplier a settled round announces: the engine's own (its view's multiplierE4, the one
 * the game showed during the round: mines, hi-lo) when it has one, so a round never reads ×1.4785
 * while it runs and ×1.4784 at the end; else payout ÷ bet in 1/10 000, rounded down like a payout.
 */
export function resultMultiplierE4(round: { bet: number; payout: number; view?: unknown }): number {
  const view = round.view as { multiplierE4?: unknown } | null | undefined;
  if (view && typeof view.multiplierE4 === 'number' && view.multiplierE4 > 0) {
    return view.multiplierE4;
  }
  return round.bet > 0 ? Math.floor((round.payout * MULTIPLIER_SCALE) / round.bet) : 0;
}
