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
): Promise<void> {
  await counters.increment(key, rule.windowMs);
  // Read after the increment: concurrent failures each see a count that includes their own.
  const [counted] = await counters.read([key]);
  const lockMs = lockDurationMs(counted?.failures ?? 0, { ...rule, threshold });
  if (lockMs > 0) await counters.increment(lockKeyOf(key), lockMs);
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

    async recordFailure(email: string, ip: string | null): Promise<void> {
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
      );
      if ((ipMinute?.failures ?? 0) >= rules.ipPerMinute.max) {
        await recordEscalatingFailure(counters, keys.ipLockouts, rules.ipLockouts);
      }
    },

    /** The address proved it knows the password: its failures on this account are forgotten. */
    async recordSuccess(email: string, ip: string | null): Promise<void> {
      await counters.reset(keysOf(email, ip).accountIp);
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
      const matches = await verify();
      if (matches) await deps.counters.reset(key);
      else await recordEscalatingFailure(deps.counters, key, rule);
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
