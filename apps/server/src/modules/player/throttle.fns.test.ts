import fc from 'fast-check';
import {
  LOGIN_THROTTLE,
  lockDurationMs,
  longestLockSeconds,
  quotaWaitSeconds,
  retryAfterSeconds,
} from './throttle.fns.ts';
import { createEmailTagger, throttleKeys } from './throttle-keys.fns.ts';

const MINUTE = 60_000;

describe('lockDurationMs', () => {
  const rule = LOGIN_THROTTLE.accountIp;

  it('locks nothing before the threshold', () => {
    for (let failures = 0; failures < rule.threshold; failures += 1) {
      expect(lockDurationMs(failures, rule)).toBe(0);
    }
  });

  it('locks for the base delay at the threshold, then doubles per further failure', () => {
    expect(lockDurationMs(5, rule)).toBe(MINUTE);
    expect(lockDurationMs(6, rule)).toBe(2 * MINUTE);
    expect(lockDurationMs(7, rule)).toBe(4 * MINUTE);
    expect(lockDurationMs(10, rule)).toBe(32 * MINUTE);
  });

  it('never locks longer than the cap, even for absurd counts', () => {
    expect(lockDurationMs(11, rule)).toBe(60 * MINUTE);
    expect(lockDurationMs(2_000, rule)).toBe(60 * MINUTE);
  });

  it('locks from the first failure with a threshold of 1 (an account under a spread attack)', () => {
    expect(lockDurationMs(1, { ...rule, threshold: 1 })).toBe(MINUTE);
    expect(lockDurationMs(0, { ...rule, threshold: 1 })).toBe(0);
  });

  it('grows monotonically and stays within [base, cap] past the threshold', () => {
    fc.assert(
      fc.property(fc.integer({ min: rule.threshold, max: 10_000 }), (failures) => {
        const lock = lockDurationMs(failures, rule);
        expect(lock).toBeGreaterThanOrEqual(rule.baseLockMs);
        expect(lock).toBeLessThanOrEqual(rule.maxLockMs);
        expect(lockDurationMs(failures + 1, rule)).toBeGreaterThanOrEqual(lock);
      }),
    );
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds and never says 0', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(90_000)).toBe(90);
  });
});

describe('longestLockSeconds', () => {
  it('is null when no lock is in force', () => {
    expect(longestLockSeconds([], MINUTE)).toBeNull();
    expect(longestLockSeconds([{ failures: 0, ttlMs: 0 }], MINUTE)).toBeNull();
  });

  it('waits for the longest live lock', () => {
    expect(
      longestLockSeconds(
        [
          { failures: 1, ttlMs: 1_500 },
          { failures: 0, ttlMs: 0 },
          { failures: 1, ttlMs: 90_000 },
        ],
        MINUTE,
      ),
    ).toBe(90);
  });

  it('assumes the fallback when the store reports no expiry', () => {
    expect(longestLockSeconds([{ failures: 1, ttlMs: -1 }], MINUTE)).toBe(60);
  });
});

describe('quotaWaitSeconds', () => {
  const rule = { max: 3, windowMs: 60 * MINUTE };

  it('allows up to max uses in the window', () => {
    expect(quotaWaitSeconds({ failures: 3, ttlMs: 10_000 }, rule)).toBeNull();
  });

  it('refuses past max until the window ends', () => {
    expect(quotaWaitSeconds({ failures: 4, ttlMs: 10_000 }, rule)).toBe(10);
    expect(quotaWaitSeconds({ failures: 4, ttlMs: -1 }, rule)).toBe(3600);
  });
});

describe('throttle keys', () => {
  const tag = createEmailTagger('s'.repeat(32));

  it('hold a keyed hash of the address, never the address', () => {
    const email = 'alice.smith@example.com';
    const keys = [
      throttleKeys.loginAccountIp(tag(email), '192.0.2.1'),
      throttleKeys.loginAccount(tag(email)),
      throttleKeys.resetMail(tag(email)),
    ];
    for (const key of keys) {
      expect(key).not.toContain('alice');
      expect(key).not.toContain('example.com');
      expect(key).toContain(tag(email));
    }
  });

  it('tag one address alike every time and differently under another server key', () => {
    expect(tag('a@example.com')).toBe(tag('a@example.com'));
    expect(tag('a@example.com')).not.toBe(tag('b@example.com'));
    expect(createEmailTagger('t'.repeat(32))('a@example.com')).not.toBe(tag('a@example.com'));
  });
});
