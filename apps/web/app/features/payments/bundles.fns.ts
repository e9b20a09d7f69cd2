import type { Bundle } from '@coinfall/shared/contracts/shop';
import { formatBalance, type CurrencyFormat } from '../wallet/money.fns.ts';

/** The texts a bundle card shows, formatted in the player's locale. */
export interface BundleView {
  id: number;
  title: string;
  price: string;
  goldCoins: string;
  sweepsCoins: string;
  badge: Bundle['badge'];
}

/** "sleigh-ride" → "Sleigh Ride": the name shown when no content text names the bundle. */
export function bundleTitleOf(identity: string): string {
  return identity
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Bundles on sale in their shop order (position, then id for a stable tie-break). */
export function orderBundles(bundles: readonly Bundle[]): Bundle[] {
  return bundles.filter((b) => b.active).sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The badge a bundle shows this player. "First purchase" is a promise to a player who has not
 * bought yet: it goes once they have, and stays hidden while that is not known (undefined).
 */
export function badgeFor(bundle: Pick<Bundle, 'badge'>, hasPurchased: boolean | undefined) {
  if (bundle.badge === 'first-purchase' && hasPurchased !== false) return null;
  return bundle.badge;
}

/**
 * A bundle's price and coins with the currencies' scales (price in USD cents, coins in minor
 * units of GC and SC); an unknown currency shows as unknown rather than at a guessed scale.
 */
export function viewBundle(
  bundle: Bundle,
  currencies: ReadonlyMap<string, CurrencyFormat>,
  locale: string,
  hasPurchased?: boolean,
): BundleView {
  const format = (amount: number, code: string) =>
    formatBalance(amount, code, currencies.get(code), locale);
  return {
    id: bundle.id,
    title: bundleTitleOf(bundle.identity),
    price: format(bundle.price.amount, bundle.price.currency),
    goldCoins: format(bundle.goldCoins, 'GC'),
    sweepsCoins: format(bundle.sweepsCoins, 'SC'),
    badge: badgeFor(bundle, hasPurchased),
  };
}

/** The purchase modal carries its bundle in the scoped `source` param (cleared on close). */
export function bundleIdFromSource(source: string | null): number | undefined {
  if (!source || !/^\d{1,9}$/.test(source)) return undefined;
  const id = Number(source);
  return id > 0 ? id : undefined;
}
