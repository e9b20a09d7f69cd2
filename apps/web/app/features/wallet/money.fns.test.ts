import { describe, expect, it } from 'vitest';
import {
  displayUnitOf,
  formatBalance,
  formatEquivalent,
  formatMinorUnits,
  type CurrencyFormat,
} from './money.fns';

const GC: CurrencyFormat = { code: 'GC', type: 'virtual', subunitToUnit: 100, subCurrencies: [] };
const SC: CurrencyFormat = { code: 'SC', type: 'virtual', subunitToUnit: 100, subCurrencies: [] };
const USD: CurrencyFormat = { code: 'USD', type: 'fiat', subunitToUnit: 100, subCurrencies: [] };
const BTC: CurrencyFormat = {
  code: 'BTC',
  type: 'crypto',
  subunitToUnit: 100_000_000,
  subCurrencies: ['mBTC'],
};
const ETH: CurrencyFormat = {
  code: 'ETH',
  type: 'crypto',
  subunitToUnit: 1_000_000_000,
  subCurrencies: ['mETH'],
};

describe('formatBalance', () => {
  it('shows fiat with its symbol and 2 decimals', () => {
    expect(formatBalance(0, 'USD', USD, 'en')).toBe('$0.00');
    expect(formatBalance(1, 'USD', USD, 'en')).toBe('$0.01');
    expect(formatBalance(123_456_789, 'USD', USD, 'en')).toBe('$1,234,567.89');
  });

  it('follows the locale for fiat', () => {
    expect(formatBalance(123_456, 'USD', USD, 'es')).toBe('1234,56\u00a0US$');
    expect(formatBalance(123_456_789, 'USD', USD, 'pt-br')).toBe('US$\u00a01.234.567,89');
  });

  it('shows virtual coins grouped, without decimals for whole coins', () => {
    expect(formatBalance(0, 'GC', GC, 'en')).toBe('0 GC');
    expect(formatBalance(100_000_000, 'GC', GC, 'en')).toBe('1,000,000 GC');
    expect(formatBalance(100_000_000, 'GC', GC, 'pt-br')).toBe('1.000.000 GC');
  });

  it('keeps a fraction of a coin visible rather than rounding it away', () => {
    expect(formatBalance(1, 'SC', SC, 'en')).toBe('0.01 SC');
    expect(formatBalance(150, 'SC', SC, 'en')).toBe('1.5 SC');
  });

  it('shows BTC and ETH in milli units with every significant digit', () => {
    expect(formatBalance(0, 'BTC', BTC, 'en')).toBe('0.00 mBTC');
    expect(formatBalance(1, 'BTC', BTC, 'en')).toBe('0.00001 mBTC');
    expect(formatBalance(100_000_000, 'BTC', BTC, 'en')).toBe('1,000.00 mBTC');
    expect(formatBalance(150_000, 'BTC', BTC, 'en')).toBe('1.50 mBTC');
    expect(formatBalance(1, 'ETH', ETH, 'en')).toBe('0.000001 mETH');
    expect(formatBalance(2_500_000_000, 'ETH', ETH, 'en')).toBe('2,500.00 mETH');
  });

  it('stays exact at the largest safe integer', () => {
    expect(formatBalance(Number.MAX_SAFE_INTEGER, 'BTC', BTC, 'en')).toBe(
      '90,071,992,547.40991 mBTC',
    );
    expect(formatBalance(Number.MAX_SAFE_INTEGER, 'GC', GC, 'en')).toBe('90,071,992,547,409.91 GC');
  });

  it('guesses no amount for a currency missing from the list', () => {
    expect(formatBalance(12_345, 'XYZ', undefined, 'en')).toBe('— XYZ');
  });

  it('falls back to the code for a fiat currency Intl does not know', () => {
    const odd: CurrencyFormat = { code: 'X1', type: 'fiat', subunitToUnit: 100, subCurrencies: [] };
    expect(formatBalance(1_050, 'X1', odd, 'en')).toBe('10.50 X1');
  });

  it('shows a crypto without a milli sub-unit in whole units', () => {
    const sol: CurrencyFormat = {
      code: 'SOL',
      type: 'crypto',
      subunitToUnit: 1e9,
      subCurrencies: [],
    };
    expect(formatBalance(1_500_000_000, 'SOL', sol, 'en')).toBe('1.50 SOL');
  });
});

describe('displayUnitOf', () => {
  it('divides BTC and ETH by a thousandth of a unit', () => {
    expect(displayUnitOf(BTC)).toEqual({ code: 'mBTC', divisor: 100_000 });
    expect(displayUnitOf(ETH)).toEqual({ code: 'mETH', divisor: 1_000_000 });
    expect(displayUnitOf(GC)).toEqual({ code: 'GC', divisor: 100 });
  });
});

describe('formatMinorUnits', () => {
  it('keeps the sign of a negative amount', () => {
    expect(formatMinorUnits(-150, 100, 'en', 2)).toBe('-1.50');
  });

  it('uses the locale decimal separator', () => {
    expect(formatMinorUnits(1_234_567, 100, 'pt-br', 2)).toBe('12.345,67');
  });
});

describe('formatEquivalent', () => {
  it('shows the base-currency amount as money', () => {
    expect(formatEquivalent({ currency: 'USD', amount: '0.00' }, 'en')).toBe('$0.00');
    expect(formatEquivalent({ currency: 'USD', amount: '97250.00' }, 'en')).toBe('$97,250.00');
    expect(formatEquivalent({ currency: 'USD', amount: '1234.5' }, 'pt-br')).toBe(
      'US$\u00a01.234,50',
    );
  });
});
