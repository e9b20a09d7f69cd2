import { LOGIN_THROTTLE, throttleDecision } from './auth.fns.ts';

describe('throttleDecision', () => {
  const { account, ip } = LOGIN_THROTTLE;

  it('allows attempts below every limit', () => {
    expect(
      throttleDecision([
        { failures: account.max - 1, ttlMs: 1000, rule: account },
        { failures: ip.max - 1, ttlMs: 1000, rule: ip },
      ]),
    ).toEqual({ allowed: true });
  });

  it('refuses at a limit and waits for the longest blocking counter', () => {
    expect(
      throttleDecision([
        { failures: account.max, ttlMs: 1_500, rule: account },
        { failures: ip.max, ttlMs: 90_000, rule: ip },
      ]),
    ).toEqual({ allowed: false, retryAfterSeconds: 90 });
    expect(throttleDecision([{ failures: account.max, ttlMs: 10, rule: account }])).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('assumes a whole window when the store reports no expiry', () => {
    expect(throttleDecision([{ failures: 99, ttlMs: -1, rule: account }])).toEqual({
      allowed: false,
      retryAfterSeconds: account.windowMs / 1000,
    });
  });
});
