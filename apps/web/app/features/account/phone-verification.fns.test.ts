import {
  afterCodeSent,
  isCompleteOtp,
  normalizeOtpInput,
  phoneForInput,
  secondsUntil,
} from './phone-verification.fns';

describe('verify-phone steps', () => {
  it('moves to the code step with the masked number and the resend time', () => {
    expect(afterCodeSent({ phone: '+1******0000', resendAfter: 30 }, 1_000)).toEqual({
      step: 'verify',
      maskedPhone: '+1******0000',
      resendAt: 31_000,
    });
  });

  it('never schedules a resend in the past', () => {
    expect(afterCodeSent({ phone: 'x', resendAfter: -5 }, 1_000)).toMatchObject({
      resendAt: 1_000,
    });
  });
});

describe('secondsUntil', () => {
  it('rounds up, so the countdown reaches 0 only when the wait is over', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });
});

describe('the code input', () => {
  it('keeps digits only, at most six (pasted "123 456-7" → "123456")', () => {
    expect(normalizeOtpInput('123 456-7')).toBe('123456');
    expect(normalizeOtpInput('ab')).toBe('');
  });

  it('is complete with exactly six digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
  });
});

describe('phoneForInput', () => {
  it('starts from the profile number in international form', () => {
    expect(phoneForInput('15550100000')).toBe('+15550100000');
    expect(phoneForInput('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(phoneForInput(null)).toBe('');
    expect(phoneForInput('  ')).toBe('');
  });
});
