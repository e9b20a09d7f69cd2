import { z } from 'zod';
import { PlayerStatus } from '@coinfall/shared';

/** What an access token says: who (sub), which session (sid), which generation (ver). */
export interface TokenClaims {
  sub: string;
  sid: string;
  ver: number;
  iat: number;
  exp: number;
}

const claimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  ver: z.number().int().positive(),
  iat: z.number().int(),
  exp: z.number().int(),
});

/** Claims of a new token, times in whole seconds since the epoch as JWT wants them. */
export function buildClaims(input: {
  playerId: string;
  sessionId: string;
  tokenVersion: number;
  nowMs: number;
  ttlSeconds: number;
}): TokenClaims {
  const iat = Math.floor(input.nowMs / 1000);
  return {
    sub: input.playerId,
    sid: input.sessionId,
    ver: input.tokenVersion,
    iat,
    exp: iat + input.ttlSeconds,
  };
}

/** A verified payload narrowed to our claims; null when anything is missing or malformed. */
export function parseClaims(payload: unknown): TokenClaims | null {
  const parsed = claimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** Seconds from now until `exp`, never negative. */
export function secondsUntil(exp: number, nowMs: number): number {
  return Math.max(0, exp - Math.floor(nowMs / 1000));
}

/** Why a session row cannot carry a request, or null when it can. */
export function sessionRefusal(
  session: { endedAt: Date | null; tokenVersion: number; playerId: string } | undefined,
  claims: Pick<TokenClaims, 'sub' | 'ver'>,
): 'unknown' | 'ended' | null {
  if (!session || session.playerId !== claims.sub) return 'unknown';
  if (session.endedAt !== null || session.tokenVersion !== claims.ver) return 'ended';
  return null;
}

export const isBlocked = (status: number): boolean => status === PlayerStatus.Blocked;

/** last_seen_at is written at most once per interval so every request is not a write. */
export function shouldTouchLastSeen(lastSeenAt: Date, nowMs: number, intervalMs = 60_000): boolean {
  return nowMs - lastSeenAt.getTime() >= intervalMs;
}

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
