import { AppError } from '../../platform/errors.ts';
import { isBlocked } from '../../platform/auth.fns.ts';
import type { PlayerRow } from './player.repo.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

/** Failed logins allowed per window: per account, and (wider) per client IP. */
export const LOGIN_THROTTLE = {
  account: { max: 5, windowMs: 15 * 60_000 },
  ip: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Whether another attempt may go ahead given the failures counted so far. When refused,
 * retryAfterSeconds is how long until the longest-blocking counter expires (at least 1).
 */
export function throttleDecision(
  counters: { failures: number; ttlMs: number; rule: ThrottleRule }[],
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  const blocking = counters.filter((c) => c.failures >= c.rule.max);
  if (blocking.length === 0) return { allowed: true };
  const waitMs = Math.max(...blocking.map((c) => (c.ttlMs > 0 ? c.ttlMs : c.rule.windowMs)));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Refuses a removed or blocked player, whichever way they log in (password, social, token). */
export function assertMayLogIn(player: Pick<PlayerRow, 'status' | 'removedAt'>): void {
  if (player.removedAt) throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  if (isBlocked(player.status)) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
}
