import { canStartKyc, verificationSummary } from './verification.fns.ts';

describe('verificationSummary (spec §4)', () => {
  const none = { confirmedAt: null, phoneConfirmed: false, kycVerified: false };

  it('counts nothing for a new player', () => {
    expect(verificationSummary(none)).toEqual({
      email: false,
      phone: false,
      kyc: false,
      full: false,
      count: 0,
    });
  });

  it('is fully verified only with kyc, email and phone', () => {
    const emailAndPhone = { ...none, confirmedAt: '2026-01-01T00:00:00Z', phoneConfirmed: true };
    expect(verificationSummary(emailAndPhone).full).toBe(false);
    expect(verificationSummary(emailAndPhone).count).toBe(2);
    expect(verificationSummary({ ...emailAndPhone, kycVerified: true }).full).toBe(true);
    expect(verificationSummary(emailAndPhone, 'verified').full).toBe(true);
  });

  it('does not count a pending or rejected identity check', () => {
    expect(verificationSummary(none, 'pending').kyc).toBe(false);
    expect(verificationSummary(none, 'rejected').kyc).toBe(false);
  });
});

describe('canStartKyc', () => {
  it('allows a first check and a retry after a rejection, not while pending or done', () => {
    expect(canStartKyc('none')).toBe(true);
    expect(canStartKyc('rejected')).toBe(true);
    expect(canStartKyc('pending')).toBe(false);
    expect(canStartKyc('verified')).toBe(false);
    expect(canStartKyc(undefined)).toBe(false);
  });
});
