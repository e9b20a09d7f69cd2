import type { Currency } from '@coinfall/shared';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@coinfall/shared';
import type { segments } from '../schema/index.ts';

type CurrencySeed = Omit<Currency, 'rate'> & { rate: string };

/**
 * The currencies every installation starts with. GC has no cash value (rate 0); one SC is
 * worth one USD. ETH is kept in gwei (10^9) so every amount stays a safe JS integer.
 */
export const CURRENCY_SEED: CurrencySeed[] = [
  {
    code: 'GC',
    type: 'virtual',
    symbol: 'GC',
    name: 'Gold Coins',
    isEnabled: true,
    isBase: false,
    subunitToUnit: 100,
    rate: '0',
    subCurrencies: [],
  },
  {
    code: 'SC',
    type: 'virtual',
    symbol: 'SC',
    name: 'Sweeps Coins',
    isEnabled: true,
    isBase: false,
    subunitToUnit: 100,
    rate: '1',
    subCurrencies: [],
  },
  {
    code: 'USD',
    type: 'fiat',
    symbol: '$',
    name: 'US Dollar',
    isEnabled: true,
    isBase: true,
    subunitToUnit: 100,
    rate: '1',
    subCurrencies: [],
  },
  {
    code: 'BTC',
    type: 'crypto',
    symbol: '₿',
    name: 'Bitcoin',
    isEnabled: true,
    isBase: false,
    subunitToUnit: 100_000_000,
    rate: '97250.00',
    subCurrencies: ['mBTC'],
  },
  {
    code: 'ETH',
    type: 'crypto',
    symbol: 'Ξ',
    name: 'Ether',
    isEnabled: true,
    isBase: false,
    subunitToUnit: 1_000_000_000,
    rate: '3120.00',
    subCurrencies: ['mETH'],
  },
];

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-br': 'Português (Brasil)',
};

export const LOCALE_SEED = LOCALES.map((code, position) => ({
  code,
  name: LOCALE_NAMES[code],
  isDefault: code === DEFAULT_LOCALE,
  position,
}));

/**
 * The segments of spec §3; membership is players.segment_ids. Ids are referenced by code. Those
 * with a rule are computed (decision 050); the others are flags their code writes.
 */
export const SEGMENT_IDS = {
  purchasers: 1,
  testers: 2,
  w9Required: 3,
  w9Received: 4,
  inactive30Days: 5,
  vip: 6,
} as const;
export const SEGMENT_SEED: (typeof segments.$inferInsert)[] = [
  {
    id: SEGMENT_IDS.purchasers,
    name: 'Purchasers',
    itHasPurchases: true,
    rule: [{ kind: 'purchaser' }],
  },
  { id: SEGMENT_IDS.testers, name: 'Test users', isForTesting: true },
  { id: SEGMENT_IDS.w9Required, name: 'W-9 required', w9Required: true },
  { id: SEGMENT_IDS.w9Received, name: 'W-9 received', w9Received: true },
  {
    id: SEGMENT_IDS.inactive30Days,
    name: 'Inactive 30 days',
    rule: [{ kind: 'inactive', days: 30 }],
  },
  // Platinum, the first VIP level of the seeded ladder.
  { id: SEGMENT_IDS.vip, name: 'VIP', rule: [{ kind: 'loyaltyLevel', atLeast: 4 }] },
];

/**
 * Demo shop: Gold Coin bundles priced in USD cents, with bonus Sweeps Coins (minor units). A badge
 * is a claim the player reads, so only a true one is seeded: best value is the bundle with the
 * most Gold Coins per dollar. No first-purchase offer (the shop does not restrict any bundle to a
 * first purchase) and no "most popular" (a new shop has no sales to back it).
 */
export const BUNDLE_SEED = [
  { identity: 'starter', price: 499, gc: 500_000, sc: 500, badge: null },
  { identity: 'bronze', price: 999, gc: 1_000_000, sc: 1_000, badge: null },
  { identity: 'silver', price: 1_999, gc: 2_100_000, sc: 2_000, badge: null },
  { identity: 'gold', price: 4_999, gc: 5_500_000, sc: 5_000, badge: null },
  { identity: 'platinum', price: 9_999, gc: 11_500_000, sc: 10_000, badge: null },
  { identity: 'diamond', price: 19_999, gc: 24_000_000, sc: 20_000, badge: 'best-value' as const },
].map((b, position) => ({
  identity: b.identity,
  priceAmount: b.price,
  priceCurrency: 'USD',
  goldCoins: b.gc,
  sweepsCoins: b.sc,
  badge: b.badge,
  position,
}));
