/**
 * The arithmetic of the login, password re-check, reset-mail and registration throttles
 * (docs/decisions/020). Counters live in a FailureCounterStore: a count per key in a fixed window
 * that starts at the key's first increment.
 */

/** Failures under one key: `threshold` are free, then each further one locks for twice as long. */
export interface EscalatingLockRule {
  threshold: number;
  /** How long failures are remembered, from the first one. */
  windowMs: number;
  /** The lock after the threshold-th failure. */
  baseLockMs: number;
  maxLockMs: number;
}

/** At most `max` uses of a key per window. */
export interface QuotaRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Login: locks by (account, client IP) and by client IP; never by account alone. */
export const LOGIN_THROTTLE = {
  /** Wrong passwords from one address on one account: 5 free, then 1 min, 2, 4… up to 1 h. */
  accountIp: { threshold: 5, windowMs: 24 * HOUR, baseLockMs: MINUTE, maxLockMs: HOUR },
  /**
   * Wrong passwords on one account from everywhere: past this, an attack is spread over many
   * addresses, and each address gets one free try instead of five. A clean address still passes.
   */
  accountUnderAttack: { max: 50, windowMs: HOUR },
  /** Wrong passwords from one address across accounts (spec S1: 20 a minute). */
  ipPerMinute: { max: 20, windowMs: MINUTE },
  /** Each spent minute locks the address: 1 min, then twice as long per lock in a day, up to 1 h. */
  ipLockouts: { threshold: 1, windowMs: 24 * HOUR, baseLockMs: MINUTE, maxLockMs: HOUR },
} as const satisfies {
  accountIp: EscalatingLockRule;
  accountUnderAttack: QuotaRule;
  ipPerMinute: QuotaRule;
  ipLockouts: EscalatingLockRule;
};

/** The current password typed again to change it or remove the account, per player. */
export const PASSWORD_RECHECK_THROTTLE: EscalatingLockRule = {
  threshold: 5,
  windowMs: HOUR,
  baseLockMs: MINUTE,
  maxLockMs: HOUR,
};

/** Reset mails per address (known or not: the count comes before the lookup). */
export const RESET_MAIL_QUOTA: QuotaRule = { max: 3, windowMs: HOUR };

/** The window of the registrations-per-IP budget (REGISTRATIONS_PER_IP_PER_HOUR). */
export const REGISTRATION_WINDOW_MS = HOUR;

/**
 * How long the failure that brought a key's count to `failures` locks it: nothing below the
 * threshold, then baseLockMs doubled per failure past it, never more than maxLockMs.
 */
export function lockDurationMs(
  failures: number,
  rule: Pick<EscalatingLockRule, 'threshold' | 'baseLockMs' | 'maxLockMs'>,
): number {
  if (failures < rule.threshold) return 0;
  // 2 ** n is Infinity past 1023: min() still answers the cap.
  return Math.min(rule.baseLockMs * 2 ** (failures - rule.threshold), rule.maxLockMs);
}

/** Whole seconds to announce in Retry-After for a wait: rounded up, at least 1. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Retry-After of the longest of these locks still in force; null when none is. A live lock whose
 * expiry the store cannot tell (no TTL) counts as `fallbackMs`.
 */
export function longestLockSeconds(
  locks: readonly { failures: number; ttlMs: number }[],
  fallbackMs: number,
): number | null {
  const live = locks.filter((lock) => lock.failures > 0);
  if (live.length === 0) return null;
  return retryAfterSeconds(Math.max(...live.map((l) => (l.ttlMs > 0 ? l.ttlMs : fallbackMs))));
}

/** Retry-After once a quota's count (this use included) is past its max; null while within it. */
export function quotaWaitSeconds(
  used: { failures: number; ttlMs: number },
  rule: QuotaRule,
): number | null {
  if (used.failures <= rule.max) return null;
  return retryAfterSeconds(used.ttlMs > 0 ? used.ttlMs : rule.windowMs);
}
