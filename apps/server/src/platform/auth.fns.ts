import { z } from 'zod';
import { INACTIVITY_LOGOUT_MS, PlayerStatus } from '@coinfall/shared';

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

/**
 * How long the generation before the current one keeps working after a refresh retired it: two
 * tabs share the cookie, and a request or refresh one of them sent with the old token just before
 * the other's refresh landed must not fail (docs/decisions/020).
 */
export const TOKEN_ROTATION_GRACE_MS = 10_000;

/** How far ahead of our clock a token's `iat` may be: the nodes' clocks differ a little. */
export const TOKEN_CLOCK_TOLERANCE_SECONDS = 30;

/** The generation fields of a session row. */
export interface TokenGenerationRow {
  tokenVersion: number;
  /** When the generation was last bumped; null (or absent) before the first refresh. */
  tokenRotatedAt?: Date | null;
}

/**
 * Where a token's generation stands against its session: the current one, the one just retired
 * (still inside the grace), an older one (retired), or one newer than the row read (a stale copy).
 */
export function tokenGenerationStanding(
  session: TokenGenerationRow,
  generation: number,
  nowMs: number,
  graceMs: number = TOKEN_ROTATION_GRACE_MS,
): 'current' | 'previous-in-grace' | 'retired' | 'ahead' {
  if (generation === session.tokenVersion) return 'current';
  if (generation > session.tokenVersion) return 'ahead';
  const rotatedAt = session.tokenRotatedAt?.getTime();
  const inGrace = rotatedAt !== undefined && nowMs - rotatedAt <= graceMs;
  return generation === session.tokenVersion - 1 && inGrace ? 'previous-in-grace' : 'retired';
}

/**
 * Why a session row cannot carry a request, or null when it can: unknown (no such session of
 * this player, or a generation it never issued), ended, or a retired token generation.
 */
export function sessionRefusal(
  session: (TokenGenerationRow & { endedAt: Date | null; playerId: string }) | undefined,
  claims: Pick<TokenClaims, 'sub' | 'ver'>,
  nowMs: number,
): 'unknown' | 'ended' | 'retired' | null {
  if (!session || session.playerId !== claims.sub) return 'unknown';
  if (session.endedAt !== null) return 'ended';
  switch (tokenGenerationStanding(session, claims.ver, nowMs)) {
    case 'current':
    case 'previous-in-grace':
      return null;
    case 'retired':
      return 'retired';
    case 'ahead':
      return 'unknown';
  }
}

/**
 * A genuine, unexpired token whose times we still refuse: a lifetime longer than we issue (a
 * leaked key or an old configuration minted it), or issued in the future beyond clock drift.
 */
export function tokenTimesRefusal(
  claims: Pick<TokenClaims, 'iat' | 'exp'>,
  nowMs: number,
  ttlSeconds: number,
): 'lifetime' | 'future' | null {
  if (claims.exp - claims.iat > ttlSeconds) return 'lifetime';
  if (claims.iat > Math.floor(nowMs / 1000) + TOKEN_CLOCK_TOLERANCE_SECONDS) return 'future';
  return null;
}

/**
 * Whether the refresh may renew a token that has expired (docs/decisions/026): a player who closed
 * the tab comes back to a session that still lives when it was last used, and the token expired,
 * less than the inactivity window ago (spec §4: logged out after 20 minutes without activity).
 * Later, the session has ended by inactivity.
 */
export function mayRenewExpired(
  claims: Pick<TokenClaims, 'exp'>,
  lastSeenAt: Date,
  nowMs: number,
  inactivityMs = INACTIVITY_LOGOUT_MS,
): boolean {
  return nowMs - lastSeenAt.getTime() < inactivityMs && nowMs - claims.exp * 1000 < inactivityMs;
}

export const isBlocked = (status: number): boolean => status === PlayerStatus.Blocked;

/** last_seen_at is written at most once per interval so every request is not a write. */
export function shouldTouchLastSeen(lastSeenAt: Date, nowMs: number, intervalMs = 60_000): boolean {
  return nowMs - lastSeenAt.getTime() >= intervalMs;
}

/**
 * What `players.excluded_until` holds for an indefinite self-exclusion not yet asked to lift
 * (decision 030): later than any real date, and still a date JavaScript and SQL both read.
 */
export const INDEFINITE_EXCLUSION_UNTIL = new Date('9999-12-31T00:00:00.000Z');

/** Whether a break or self-exclusion shuts the player's doors at `nowMs`. */
export function isExcluded(excludedUntil: Date | null | undefined, nowMs: number): boolean {
  return !!excludedUntil && excludedUntil.getTime() > nowMs;
}

/** details of PLAYER_EXCLUDED: only the end date (null while indefinite), as the login shows. */
export function exclusionDetails(excludedUntil: Date): { endsAt: string | null } {
  return {
    endsAt:
      excludedUntil.getTime() >= INDEFINITE_EXCLUSION_UNTIL.getTime()
        ? null
        : excludedUntil.toISOString(),
  };
}
