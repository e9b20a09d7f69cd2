import { InvoiceStatus, PlayerStatus, W9_THRESHOLD_BASE_MINOR } from '@coinfall/shared';
import {
  PAYOUT_SEND_CLAIM_MS,
  isClaimFresh,
  mayBeWithProvider,
  missingVerification,
  redeemRefusals,
  startOfYear,
  valueInBase,
  w9Rule,
  type PlayerForRedemption,
} from './redemption.fns.ts';

const verified: PlayerForRedemption = {
  status: PlayerStatus.Active,
  kycVerified: true,
  emailConfirmedAt: new Date(),
  phoneConfirmed: true,
  segmentIds: [],
};

describe('missingVerification', () => {
  it('names each of kyc, email and phone that is missing, in that order', () => {
    expect(missingVerification(verified)).toEqual([]);
    expect(
      missingVerification({
        ...verified,
        kycVerified: false,
        emailConfirmedAt: null,
        phoneConfirmed: false,
      }),
    ).toEqual(['kyc', 'email', 'phone']);
    expect(missingVerification({ ...verified, emailConfirmedAt: null })).toEqual(['email']);
  });
});

describe('w9Rule', () => {
  const base = { received: false, inRequiredSegment: false, yearBase: 0, requestBase: 0 };
  it('asks for a W-9 only above the threshold (not at it)', () => {
    expect(w9Rule({ ...base, requestBase: W9_THRESHOLD_BASE_MINOR }).needed).toBe(false);
    expect(w9Rule({ ...base, yearBase: 1, requestBase: W9_THRESHOLD_BASE_MINOR })).toEqual({
      needed: true,
      overThreshold: true,
    });
  });
  it('asks for it in the w9Required segment whatever the amount', () => {
    expect(w9Rule({ ...base, inRequiredSegment: true })).toEqual({
      needed: true,
      overThreshold: false,
    });
  });
  it('never asks once a W-9 is on file', () => {
    expect(
      w9Rule({ ...base, received: true, inRequiredSegment: true, yearBase: 10 ** 9 }).needed,
    ).toBe(false);
  });
});

describe('redeemRefusals', () => {
  const ok = {
    player: verified,
    allowedHere: true,
    w9Needed: false,
    amount: 10_000,
    minAmount: 10_000,
    redeemable: 10_000,
    dailyRemaining: 10_000,
  };
  it('allows an amount within every bound', () => {
    expect(redeemRefusals(ok)).toEqual([]);
  });
  it('lists every reason at once', () => {
    expect(
      redeemRefusals({
        ...ok,
        player: { ...verified, status: PlayerStatus.Blocked, phoneConfirmed: false },
        allowedHere: false,
        w9Needed: true,
        amount: 9_999,
        redeemable: 5_000,
        dailyRemaining: 0,
      }),
    ).toEqual([
      'blocked',
      'not_allowed_here',
      'verification_required',
      'w9_required',
      'below_minimum',
      'above_redeemable',
      'above_daily_limit',
    ]);
  });
});

describe('valueInBase', () => {
  const rates = [
    { code: 'USD', isBase: true, subunitToUnit: 100, rate: '1' },
    { code: 'SC', isBase: false, subunitToUnit: 100, rate: '1' },
    { code: 'BTC', isBase: false, subunitToUnit: 100_000_000, rate: '97250.00' },
  ];
  it('values minor units of a currency in base cents, rounded half up', () => {
    expect(valueInBase(12_345, 'SC', rates)).toBe(12_345);
    expect(valueInBase(100_000, 'BTC', rates)).toBe(9_725);
    expect(valueInBase(1, 'BTC', rates)).toBe(0);
  });
  it('refuses a currency without a rate', () => {
    expect(() => valueInBase(1, 'EUR', rates)).toThrow();
  });
});

describe('startOfYear', () => {
  it('is midnight UTC on 1 January', () => {
    expect(startOfYear(new Date('2026-07-04T15:00:00Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});

describe('an approval’s claim on a payout (decision 070)', () => {
  const at = Date.parse('2026-11-28T12:00:00Z');
  it('keeps another approval out for the claim window only', () => {
    expect(isClaimFresh(null, at)).toBe(false);
    expect(isClaimFresh(new Date(at - PAYOUT_SEND_CLAIM_MS + 1), at)).toBe(true);
    expect(isClaimFresh(new Date(at - PAYOUT_SEND_CLAIM_MS), at)).toBe(false);
  });
  it('a claimed payout may be with the provider however old the claim: no decline or reject', () => {
    const pending = { status: InvoiceStatus.Pending };
    expect(mayBeWithProvider({ ...pending, payoutSentAt: null })).toBe(false);
    expect(mayBeWithProvider({ ...pending, payoutSentAt: new Date(0) })).toBe(true);
    expect(mayBeWithProvider({ status: InvoiceStatus.Processing, payoutSentAt: null })).toBe(true);
  });
});
