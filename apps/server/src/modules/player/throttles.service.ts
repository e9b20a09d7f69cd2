import { AppError } from '../../platform/errors.ts';
import type { FailureCounterStore } from './login-throttle.store.ts';
import {
  LOGIN_THROTTLE,
  PASSWORD_RECHECK_THROTTLE,
  REGISTRATION_WINDOW_MS,
  RESET_MAIL_QUOTA,
  lockDurationMs,
  longestLockSeconds,
  quotaWaitSeconds,
  retryAfterSeconds,
  type EscalatingLockRule,
  type QuotaRule,
} from './throttle.fns.ts';
import { lockKeyOf, throttleKeys } from './throttle-keys.fns.ts';

/** 429 RATE_LIMITED; the API answers it with Retry-After (details.retryAfterSeconds). */
export const throttled = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', `${message}; try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });

/** Counts a failure under `key`; past the rule's threshold, locks the key for the grown delay. */
async function recordEscalatingFailure(
  counters: FailureCounterStore,
  key: string,
  rule: EscalatingLockRule,
  threshold = rule.threshold,
  /** The failure was counted when its attempt began (`countAttempt`): only lock. */
  counted = false,
): Promise<void> {
  if (!counted) await counters.increment(key, rule.windowMs);
  // Read after the increment: concurrent failures each see a count that includes their own.
  const [failures] = await counters.read([key]);
  const lockMs = lockDurationMs(failures?.failures ?? 0, { ...rule, threshold });
  if (lockMs > 0) await counters.increment(lockKeyOf(key), lockMs);
}

/**
 * Counts an attempt as a failure before its password is verified, so attempts sent together
 * each see a count that includes the others in flight. Within the rule's free tries it passes.
 * Past them, the attempt must take the lock its failure would set: the first attempt to take it
 * is verified (one try after each lock, as one request at a time would have), the others are
 * refused (429, nothing verified). A right password forgets the count and that lock
 * (`forgetFailures`); a wrong one only locks (`recordEscalatingFailure(…, counted)`).
 */
async function countAttempt(
  counters: FailureCounterStore,
  key: string,
  rule: EscalatingLockRule,
  message: string,
  threshold = rule.threshold,
): Promise<void> {
  // Each increment answers its own count: no two attempts in flight see the same one.
  const count = await counters.increment(key, rule.windowMs);
  const lockMs = lockDurationMs(count, { ...rule, threshold });
  if (lockMs === 0) return;
  const lockKey = lockKeyOf(key);
  if ((await counters.increment(lockKey, lockMs)) === 1) return;
  const wait = await lockWait(counters, [key], lockMs);
  throw throttled(message, wait ?? retryAfterSeconds(lockMs));
}

/** A right password: the failures counted under `key` and the lock they set are forgotten. */
async function forgetFailures(counters: FailureCounterStore, key: string): Promise<void> {
  await Promise.all([counters.reset(key), counters.reset(lockKeyOf(key))]);
}

/** Retry-After of the longest live lock among these counters' locks; null when none is. */
async function lockWait(
  counters: FailureCounterStore,
  keys: string[],
  fallbackMs: number,
): Promise<number | null> {
  return longestLockSeconds(await counters.read(keys.map(lockKeyOf)), fallbackMs);
}

/**
 * Password login (S1): locked by (account, IP) and by IP with growing delays, never by account
 * alone, so the owner's right password from a clean address is never refused for someone else's
 * failures. Unknown and known emails take exactly the same steps.
 */
export function createLoginThrottle(deps: {
  counters: FailureCounterStore;
  tagEmail: (normalisedEmail: string) => string;
}) {
  const { counters } = deps;
  const keysOf = (email: string, ip: string | null) => {
    const tag = deps.tagEmail(email);
    const address = ip ?? 'unknown';
    return {
      accountIp: throttleKeys.loginAccountIp(tag, address),
      account: throttleKeys.loginAccount(tag),
      ipMinute: throttleKeys.loginIpMinute(address),
      ipLockouts: throttleKeys.loginIpLockouts(address),
    };
  };

  return {
    /** Before any hashing: 429 while this address is locked on this account or altogether. */
    async assertMayTry(email: string, ip: string | null): Promise<void> {
      const keys = keysOf(email, ip);
      const wait = await lockWait(
        counters,
        [keys.accountIp, keys.ipLockouts],
        LOGIN_THROTTLE.accountIp.baseLockMs,
      );
      if (wait !== null) throw throttled('Too many failed logins', wait);
    },

    /**
     * After `assertMayTry`, right before verifying (player login): this attempt counts as a
     * failure on (account, IP) until it proves right, so parallel guesses share the free tries.
     * Its failure is then recorded with `recordFailure(…, { counted: true })`.
     */
    async beginAttempt(email: string, ip: string | null): Promise<void> {
      const keys = keysOf(email, ip);
      // An account under attack gives each address one try per lock (as `recordFailure` does),
      // a burst from a fresh address included.
      const [account] = await counters.read([keys.account]);
      const underAttack = (account?.failures ?? 0) > LOGIN_THROTTLE.accountUnderAttack.max;
      await countAttempt(
        counters,
        keys.accountIp,
        LOGIN_THROTTLE.accountIp,
        'Too many failed logins',
        underAttack ? 1 : undefined,
      );
    },

    async recordFailure(
      email: string,
      ip: string | null,
      options: { counted?: boolean } = {},
    ): Promise<void> {
      const keys = keysOf(email, ip);
      const rules = LOGIN_THROTTLE;
      await counters.increment(keys.account, rules.accountUnderAttack.windowMs);
      await counters.increment(keys.ipMinute, rules.ipPerMinute.windowMs);
      const [account, ipMinute] = await counters.read([keys.account, keys.ipMinute]);
      const underAttack = (account?.failures ?? 0) > rules.accountUnderAttack.max;
      await recordEscalatingFailure(
        counters,
        keys.accountIp,
        rules.accountIp,
        underAttack ? 1 : rules.accountIp.threshold,
        options.counted,
      );
      if ((ipMinute?.failures ?? 0) >= rules.ipPerMinute.max) {
        await recordEscalatingFailure(counters, keys.ipLockouts, rules.ipLockouts);
      }
    },

    /** The address proved it knows the password: its failures on this account are forgotten. */
    async recordSuccess(email: string, ip: string | null): Promise<void> {
      await forgetFailures(counters, keysOf(email, ip).accountIp);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * The current password typed again by a logged-in player (password change, account removal):
 * a stolen session must not become a password oracle. Per player, growing locks.
 */
export function createPasswordRecheckThrottle(deps: { counters: FailureCounterStore }) {
  const rule = PASSWORD_RECHECK_THROTTLE;
  return {
    /**
     * Runs `verify` unless the player is locked (429, nothing verified); counts a wrong password,
     * forgets the failures on a right one. Answers what `verify` answered.
     */
    async check(playerId: string, verify: () => Promise<boolean>): Promise<boolean> {
      const key = throttleKeys.passwordRecheck(playerId);
      const wait = await lockWait(deps.counters, [key], rule.baseLockMs);
      if (wait !== null) throw throttled('Too many wrong passwords', wait);
      await countAttempt(deps.counters, key, rule, 'Too many wrong passwords');
      const matches = await verify();
      if (matches) await forgetFailures(deps.counters, key);
      else await recordEscalatingFailure(deps.counters, key, rule, rule.threshold, true);
      return matches;
    },
  };
}
export type PasswordRecheckThrottle = ReturnType<typeof createPasswordRecheckThrottle>;

/** Takes one use of `key`'s budget; 429 once it is spent (a refused use counts too). */
async function takeQuota(
  counters: FailureCounterStore,
  key: string,
  rule: QuotaRule,
  message: string,
): Promise<void> {
  await counters.increment(key, rule.windowMs);
  const [used] = await counters.read([key]);
  const wait = quotaWaitSeconds(used ?? { failures: 0, ttlMs: 0 }, rule);
  if (wait !== null) throw throttled(message, wait);
}

/**
 * Password-reset mails per address. Counted before the address is looked up, so an unknown
 * address is answered exactly as a known one, 429 included.
 */
export function createResetMailLimit(deps: {
  counters: FailureCounterStore;
  tagEmail: (normalisedEmail: string) => string;
}) {
  return {
    admit: (email: string) =>
      takeQuota(
        deps.counters,
        throttleKeys.resetMail(deps.tagEmail(email)),
        RESET_MAIL_QUOTA,
        'Too many reset mails asked for this address',
      ),
  };
}

/**
 * Registrations per client IP (REGISTRATIONS_PER_IP_PER_HOUR). Per IP only: the registration
 * body's device block (type, os, browser) names no device, and the spec sends no fingerprint.
 */
export function createRegistrationLimit(deps: {
  counters: FailureCounterStore;
  perIpPerHour: number;
}) {
  const rule = { max: deps.perIpPerHour, windowMs: REGISTRATION_WINDOW_MS };
  return {
    admit: (ip: string | null) =>
      takeQuota(
        deps.counters,
        throttleKeys.registrationIp(ip ?? 'unknown'),
        rule,
        'Too many accounts created from this address',
      ),
  };
}
