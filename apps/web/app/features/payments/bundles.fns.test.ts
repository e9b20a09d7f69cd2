import type { Bundle } from '@coinfall/shared/contracts/shop';
import type { CurrencyFormat } from '../wallet/money.fns';
import {
  badgeFor,
  bundleIdFromSource,
  bundleTitleOf,
  orderBundles,
  viewBundle,
} from './bundles.fns';

const currencies = new Map<string, CurrencyFormat>([
  ['USD', { code: 'USD', type: 'fiat', subunitToUnit: 100, subCurrencies: [] }],
  ['GC', { code: 'GC', type: 'virtual', subunitToUnit: 100, subCurrencies: [] }],
  ['SC', { code: 'SC', type: 'virtual', subunitToUnit: 100, subCurrencies: [] }],
]);

const bundle = (over: Partial<Bundle> = {}): Bundle => ({
  id: 1,
  identity: 'sleigh-ride',
  price: { amount: 1999, currency: 'USD' },
  goldCoins: 2_100_000,
  sweepsCoins: 2_050,
  active: true,
  position: 1,
  badge: 'popular',
  ...over,
});

describe('bundle money formatting', () => {
  it('shows the USD price and the coins at their scales', () => {
    expect(viewBundle(bundle(), currencies, 'en')).toEqual({
      id: 1,
      title: 'Sleigh Ride',
      price: '$19.99',
      goldCoins: '21,000 GC',
      sweepsCoins: '20.5 SC',
      badge: 'popular',
    });
  });

  it('never guesses the scale of an unknown currency', () => {
    expect(viewBundle(bundle(), new Map(), 'en').price).toBe('— USD');
  });

  it('orders active bundles by position', () => {
    const list = [
      bundle({ id: 3, position: 2 }),
      bundle({ id: 2, position: 1, active: false }),
      bundle({ id: 1, position: 1 }),
    ];
    expect(orderBundles(list).map((b) => b.id)).toEqual([1, 3]);
  });

  it('names a bundle from its identity and reads its id from the modal query', () => {
    expect(bundleTitleOf('north_pole')).toBe('North Pole');
    expect(bundleIdFromSource('12')).toBe(12);
    expect(bundleIdFromSource('0')).toBeUndefined();
    expect(bundleIdFromSource('x')).toBeUndefined();
    expect(bundleIdFromSource(null)).toBeUndefined();
  });
});

describe('badgeFor', () => {
  it('shows "first purchase" only to a player known not to have bought yet', () => {
    const first = { badge: 'first-purchase' as const };
    expect(badgeFor(first, false)).toBe('first-purchase');
    expect(badgeFor(first, true)).toBeNull();
    expect(badgeFor(first, undefined)).toBeNull();
  });

  it('keeps the other badges whatever the player bought', () => {
    for (const hasPurchased of [true, false, undefined]) {
      expect(badgeFor({ badge: 'best-value' }, hasPurchased)).toBe('best-value');
      expect(badgeFor({ badge: null }, hasPurchased)).toBeNull();
    }
  });
});
