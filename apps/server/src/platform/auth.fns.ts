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
