import fc from 'fast-check';
import {
  documentStatusName,
  documentTypeName,
  formatAmount,
  formatInstant,
  invoiceStatusName,
  parseSignedAmount,
  refundText,
  playerStatusName,
  waitText,
} from './format.fns';

const CURRENCIES = [
  { code: 'SC', subunitToUnit: 100 },
  { code: 'BTC', subunitToUnit: 100_000_000 },
];

describe('formatAmount', () => {
  it('shows minor units in the currency’s units, exactly', () => {
    expect(formatAmount(123_450, 'SC', CURRENCIES)).toBe('1,234.50 SC');
    expect(formatAmount(-5, 'SC', CURRENCIES)).toBe('-0.05 SC');
    expect(formatAmount(150_000_000, 'BTC', CURRENCIES)).toBe('1.50 BTC');
    expect(formatAmount(1, 'BTC', CURRENCIES)).toBe('0.00000001 BTC');
  });

  it('names raw minor units while the scale is unknown', () => {
    expect(formatAmount(500, 'XYZ', CURRENCIES)).toBe('500 minor units XYZ');
    expect(formatAmount(500, 'SC', undefined)).toBe('500 minor units SC');
  });
});

describe('parseSignedAmount', () => {
  it('reads credits and debits in minor units', () => {
    expect(parseSignedAmount('12.5', 100)).toBe(1_250);
    expect(parseSignedAmount('-3', 100)).toBe(-300);
    expect(parseSignedAmount('+1,000', 100)).toBe(100_000);
  });

  it('refuses zero, too many decimals and anything not a number', () => {
    for (const text of ['0', '-0.00', '1.234', 'abc', '', '--1', '1e3'])
      expect(parseSignedAmount(text, 100), text).toBeUndefined();
  });

  it('reads back what formatAmount wrote', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }).filter((n) => n !== 0),
        (minor) => {
          const shown = formatAmount(minor, 'SC', CURRENCIES).replace(' SC', '');
          expect(parseSignedAmount(shown, 100)).toBe(minor);
        },
      ),
    );
  });
});

describe('labels and times', () => {
  it('names the shared status values, and shows an unknown one as its number', () => {
    expect(playerStatusName(3)).toBe('Blocked');
    expect(invoiceStatusName(4)).toBe('Processing');
    expect(invoiceStatusName(99)).toBe('#99');
    expect(documentStatusName(2)).toBe('Pending');
    expect(documentTypeName('address')).toBe('Proof of address');
  });

  it('writes instants in UTC, the same on the server and in the browser', () => {
    expect(formatInstant('2026-11-27T09:05:59.123Z')).toBe('2026-11-27 09:05 UTC');
    expect(formatInstant('not a date')).toBe('not a date');
  });

  it('says a throttle’s wait in seconds, then minutes', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(900)).toBe('15 minutes');
  });
});

describe('refundText', () => {
  it('says a refused purchase’s refund: due, the provider’s reference, or its refusal', () => {
    expect(refundText(null)).toBe('');
    expect(refundText({ status: 'due', reference: null, answeredAt: null })).toBe(
      'Refund due (waiting for the provider)',
    );
    const answeredAt = '2026-11-27T10:00:00.000Z';
    expect(refundText({ status: 'refunded', reference: 're_123', answeredAt })).toMatch(
      /^Refunded: re_123 · /,
    );
    expect(
      refundText({ status: 'not_refundable', reference: 'crypto_transfer', answeredAt }),
    ).toMatch(/^Not refundable: crypto_transfer · .* — refund by hand$/);
  });
});
