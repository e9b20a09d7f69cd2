import type { Currency } from '@coinfall/shared';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@coinfall/shared';

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
