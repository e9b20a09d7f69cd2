import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountProblem,
  errorModalCodeOf,
  withdrawableAccounts,
  formatSc,
  isRetrySafe,
  keyForIntent,
  missingVerificationOf,
  parseMinorAmount,
  parseScAmount,
  payoutFailureOf,
  playthroughPercent,
  refusalMessages,
  scInputValue,
} from './redeem.fns';
import { readApiFailure } from '../../lib/api/api-error.ts';

/** The failure as the client reads it from a status and an answer. */
const payoutFor = (status: number, body: unknown) => payoutFailureOf(readApiFailure(status, body));
const missingFor = (body: unknown) => missingVerificationOf(readApiFailure(403, body));
const modalCodeFor = (body: unknown) => errorModalCodeOf(readApiFailure(500, body));

describe('parseScAmount', () => {
  it('reads whole coins and up to two decimals as minor units', () => {
    expect(parseScAmount('12')).toBe(1200);
    expect(parseScAmount('12.5')).toBe(1250);
    expect(parseScAmount('12.05')).toBe(1205);
    expect(parseScAmount(' 1,234.50 ')).toBe(123_450);
    expect(parseScAmount('0.01')).toBe(1);
    expect(parseScAmount('7.')).toBe(700);
  });

  it('refuses anything that is not a plain amount', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '.5', '1.2.3', '$5'])
      expect(parseScAmount(text)).toBeUndefined();
  });

  it('round-trips with scInputValue', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (minor) => {
        expect(parseScAmount(scInputValue(minor))).toBe(minor);
      }),
    );
  });
});

describe('formatSc', () => {
  it('shows two decimals and groups thousands', () => {
    expect(formatSc(123_450, 'en')).toBe('1,234.50 SC');
    expect(formatSc(10_000, 'en')).toBe('100.00 SC');
    expect(formatSc(5, 'en')).toBe('0.05 SC');
  });
});

describe('amountProblem', () => {
  const limits = { minAmount: 10_000, redeemable: 50_000 };
  it('names the first rule an amount breaks', () => {
    expect(amountProblem(undefined, limits)).toBe('invalid');
    expect(amountProblem(0, limits)).toBe('invalid');
    expect(amountProblem(9_999, limits)).toBe('belowMinimum');
    expect(amountProblem(50_001, limits)).toBe('aboveRedeemable');
  });
  it('accepts the bounds themselves', () => {
    expect(amountProblem(10_000, limits)).toBeUndefined();
    expect(amountProblem(50_000, limits)).toBeUndefined();
  });
});

describe('refusalMessages', () => {
  it('puts the most blocking refusal first and names each once', () => {
    expect(
      refusalMessages(['above_daily_limit', 'w9_required', 'verification_required', 'w9_required']),
    ).toEqual(['refusalVerification', 'refusalW9', 'refusalAboveDaily']);
  });
  it('has a message for every refusal', () => {
    expect(
      refusalMessages([
        'below_minimum',
        'above_redeemable',
        'above_daily_limit',
        'verification_required',
        'w9_required',
        'blocked',
      ]),
    ).toHaveLength(6);
  });
});

describe('playthroughPercent', () => {
  it('floors, so 100 only when played through', () => {
    expect(playthroughPercent({ amount: 1000, wagered: 0 })).toBe(0);
    expect(playthroughPercent({ amount: 1000, wagered: 999 })).toBe(99);
    expect(playthroughPercent({ amount: 1000, wagered: 1000 })).toBe(100);
    expect(playthroughPercent({ amount: 3, wagered: 1 })).toBe(33);
  });
  it('stays within 0–100 for odd data', () => {
    expect(playthroughPercent({ amount: 1000, wagered: 5000 })).toBe(100);
    expect(playthroughPercent({ amount: 1000, wagered: -5 })).toBe(0);
    expect(playthroughPercent({ amount: 0, wagered: 0 })).toBe(100);
  });
});

describe('payoutFailureOf', () => {
  const body = (code: string, details?: unknown) => ({
    code,
    message: 'x',
    requestId: 'r',
    details,
  });

  it('maps each server code the redeem flow knows', () => {
    expect(payoutFor(403, body('W9_REQUIRED'))).toEqual({ kind: 'w9' });
    expect(payoutFor(403, body('REDEMPTION_NOT_ALLOWED'))).toEqual({ kind: 'notAllowedHere' });
    expect(payoutFor(409, body('LIMIT_EXCEEDED'))).toEqual({ kind: 'limit' });
    expect(payoutFor(409, body('INSUFFICIENT_FUNDS'))).toEqual({
      kind: 'insufficientFunds',
    });
    expect(payoutFor(403, body('ACCOUNT_BLOCKED'))).toEqual({ kind: 'blocked' });
    expect(payoutFor(400, body('VALIDATION_FAILED'))).toEqual({ kind: 'invalid' });
    expect(payoutFor(409, body('CONFLICT'))).toEqual({ kind: 'conflict' });
    expect(payoutFor(409, body('CONFLICT', { activeBonuses: [4, 9] }))).toEqual({
      kind: 'bonusesActive',
      count: 2,
    });
    expect(payoutFor(401, body('UNAUTHENTICATED'))).toEqual({ kind: 'session' });
  });

  it('reads what verification is missing from the details', () => {
    expect(payoutFor(403, body('VERIFICATION_REQUIRED', { missing: ['phone', 'kyc'] }))).toEqual({
      kind: 'verification',
      missing: ['kyc', 'phone'],
    });
    expect(
      missingFor(body('VERIFICATION_REQUIRED', { kyc: true, email: false, phone: false })),
    ).toEqual(['email', 'phone']);
    expect(missingFor(body('VERIFICATION_REQUIRED'))).toEqual([]);
  });

  it('says a failure without an answer or a server failure may be retried', () => {
    expect(payoutFor(0, null)).toEqual({ kind: 'unknown', retryable: true });
    expect(payoutFor(503, body('SERVICE_UNAVAILABLE'))).toEqual({
      kind: 'unknown',
      retryable: true,
    });
    expect(payoutFor(418, null)).toEqual({ kind: 'unknown', retryable: false });
  });
});

describe('parseMinorAmount', () => {
  it('reads amounts in a unit with other decimals (mBTC: 10^5 minor units)', () => {
    expect(parseMinorAmount('1.5', 100_000)).toBe(150_000);
    expect(parseMinorAmount('0.00001', 100_000)).toBe(1);
    expect(parseMinorAmount('0.000001', 100_000)).toBeUndefined();
    expect(parseMinorAmount('3', 1)).toBe(3);
    expect(parseMinorAmount('3.5', 1)).toBeUndefined();
  });
});

describe('keyForIntent', () => {
  let n = 0;
  const make = () => `key-${(n += 1)}`;
  it('reuses the key for a retry of the same request and renews it when the request changes', () => {
    const first = keyForIntent(undefined, 'a', make);
    expect(keyForIntent(first, 'a', make)).toBe(first);
    const second = keyForIntent(first, 'b', make);
    expect(second.key).not.toBe(first.key);
    expect(second.intent).toBe('b');
  });
});

describe('isRetrySafe', () => {
  it('reuses the key only when the server kept no answer for it', () => {
    expect(isRetrySafe({ kind: 'unknown', retryable: true })).toBe(true);
    expect(isRetrySafe({ kind: 'conflict' })).toBe(true);
    expect(isRetrySafe({ kind: 'unknown', retryable: false })).toBe(false);
    expect(isRetrySafe({ kind: 'w9' })).toBe(false);
    expect(isRetrySafe({ kind: 'verification', missing: ['kyc'] })).toBe(false);
  });
});

describe('errorModalCodeOf (spec §8 withdrawal methods failure)', () => {
  it('prefers the provider code of the details, then the API code', () => {
    expect(modalCodeFor({ code: 'PAYMENT_SESSION_REFUSED', details: { errorCode: 13102 } })).toBe(
      '13102',
    );
    expect(modalCodeFor({ code: 'SERVICE_UNAVAILABLE' })).toBe('SERVICE_UNAVAILABLE');
    expect(modalCodeFor(null)).toBeUndefined();
  });
});

describe('withdrawableAccounts', () => {
  const types: Record<string, 'fiat' | 'crypto' | 'virtual'> = {
    USD: 'fiat',
    BTC: 'crypto',
    SC: 'virtual',
    GC: 'virtual',
  };
  it('keeps money accounts with a balance, never coins or unknown currencies', () => {
    const accounts = [
      { currency: 'USD', balance: 100 },
      { currency: 'BTC', balance: 0 },
      { currency: 'SC', balance: 5000 },
      { currency: 'XYZ', balance: 5 },
    ];
    expect(withdrawableAccounts(accounts, (code) => types[code])).toEqual([
      { currency: 'USD', balance: 100 },
    ]);
  });
});
