import fc from 'fast-check';
import { baseEquivalent, formatBaseMinor, toBaseMinor, toWalletAccount } from './wallet.fns.ts';

describe('baseEquivalent', () => {
  it('values minor units at the rate, two decimals', () => {
    expect(baseEquivalent(12_345, 100, '1')).toBe('123.45');
    expect(baseEquivalent(0, 100, '1')).toBe('0.00');
    expect(baseEquivalent(1_000_000, 100, '0')).toBe('0.00');
    // 0.001 BTC at 97 250 USD
    expect(baseEquivalent(100_000, 100_000_000, '97250.000000000000')).toBe('97.25');
    // 1 gwei of ETH at 3120 USD rounds to 0; 1 ETH is 3120.00
    expect(baseEquivalent(1, 1_000_000_000, '3120.00')).toBe('0.00');
    expect(baseEquivalent(1_000_000_000, 1_000_000_000, '3120.00')).toBe('3120.00');
  });

  it('rounds half up', () => {
    expect(baseEquivalent(5, 1000, '1')).toBe('0.01');
    expect(baseEquivalent(4, 1000, '1')).toBe('0.00');
  });

  it('is exact for cents at rate 1 (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const s = baseEquivalent(cents, 100, '1.000000000000');
        return BigInt(s.replace('.', '')) === BigInt(cents);
      }),
    );
  });

  it('refuses a negative balance or a malformed rate', () => {
    expect(() => baseEquivalent(-1, 100, '1')).toThrow();
    expect(() => baseEquivalent(1, 100, '1e3')).toThrow();
  });
});

describe('toBaseMinor', () => {
  it('converts to base minor units, half up, for any base subunit', () => {
    expect(toBaseMinor(100_000, { subunitToUnit: 100_000_000, rate: '97250.00' })).toBe(9_725);
    expect(toBaseMinor(1, { subunitToUnit: 100_000_000, rate: '97250.00' })).toBe(0);
    expect(toBaseMinor(12_345, { subunitToUnit: 100, rate: '1' }, 1000)).toBe(123_450);
    expect(toBaseMinor(5, { subunitToUnit: 1000, rate: '1' })).toBe(1);
  });

  it('formats base minor units with two decimals', () => {
    expect(formatBaseMinor(0)).toBe('0.00');
    expect(formatBaseMinor(30_000)).toBe('300.00');
    expect(formatBaseMinor(12_305)).toBe('123.05');
  });
});

describe('toWalletAccount', () => {
  it('names the base currency and keeps the status', () => {
    const currencies = [
      { code: 'USD', isBase: true, subunitToUnit: 100, rate: '1' },
      { code: 'GC', isBase: false, subunitToUnit: 100, rate: '0' },
    ];
    expect(
      toWalletAccount(
        { id: 'a', currency: 'GC', balance: 500, status: 1, hidden: false },
        currencies,
      ),
    ).toEqual({
      id: 'a',
      currency: 'GC',
      balance: 500,
      status: 1,
      hidden: false,
      equivalent: { currency: 'USD', amount: '0.00' },
    });
  });
});
