import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import {
  buildClaims,
  exclusionDetails,
  isBlocked,
  isExcluded,
  parseClaims,
  sessionRefusal,
  shouldTouchLastSeen,
  tokenTimesRefusal,
  type TokenClaims,
  type TokenGenerationRow,
} from './auth.fns.ts';
import { AppError } from './errors.ts';

/** Who is calling: set by the auth guard on every protected route. */
export interface Actor {
  playerId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

// The only algorithm we sign with and the only one we accept: 'none', HS512, RS256… are refused.
const ALGORITHM = 'HS256';
const AUDIENCE = 'coinfall:player';

export interface TokenSigner {
  sign(input: { playerId: string; sessionId: string; tokenVersion: number }): Promise<{
    accessToken: string;
    claims: TokenClaims;
  }>;
  /**
   * The claims of a genuine, unexpired token of ours; null for anything else, including a token
   * living longer than the configured lifetime or issued in the future.
   */
  verify(token: string): Promise<TokenClaims | null>;
  /**
   * Like verify, but tells a genuine token that merely expired (the holder can refresh it) from
   * one that is not ours at all: the realtime gateway answers them differently.
   */
  inspect(token: string): Promise<TokenInspection>;
}

/** An expired token of ours keeps its claims: the refresh decides whether its session lives. */
export type TokenInspection =
  | { status: 'valid'; claims: TokenClaims }
  | { status: 'expired'; claims: TokenClaims }
  | { status: 'invalid' };

export function createTokenSigner(options: {
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}): TokenSigner {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? Date.now;
  return {
    async sign(input) {
      const claims = buildClaims({ ...input, nowMs: now(), ttlSeconds: options.ttlSeconds });
      const accessToken = await new SignJWT({ sid: claims.sid, ver: claims.ver })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setAudience(AUDIENCE)
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .sign(key);
      return { accessToken, claims };
    },
    async verify(token) {
      const inspection = await inspect(token);
      return inspection.status === 'valid' ? inspection.claims : null;
    },
    inspect,
  };

  async function inspect(token: string): Promise<TokenInspection> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        audience: AUDIENCE,
        currentDate: new Date(now()),
      });
      const claims = parseClaims(payload);
      if (!claims || tokenTimesRefusal(claims, now(), options.ttlSeconds)) {
        return { status: 'invalid' };
      }
      return { status: 'valid', claims };
    } catch (err) {
      // jose checks the signature before the time claims: JWTExpired means a genuine token. Its
      // other claims are checked here as they would have been (jose may stop at `exp` first).
      if (!(err instanceof joseErrors.JWTExpired)) return { status: 'invalid' };
      const claims = parseClaims(err.payload);
      const ours = claims && err.payload.aud === AUDIENCE;
      if (!ours || tokenTimesRefusal(claims, now(), options.ttlSeconds)) {
        return { status: 'invalid' };
      }
      return { status: 'expired', claims };
    }
  }
}

/** The session row and its player's status, as the guard needs them. */
export interface AuthSessionRow extends TokenGenerationRow {
  playerId: string;
  endedAt: Date | null;
  lastSeenAt: Date;
  playerStatus: number;
  /** Set when the player removed the account (every session was ended then). */
  playerRemovedAt?: Date | null;
  /** Until when a break or self-exclusion shuts the player out (every session was ended then). */
  playerExcludedUntil?: Date | null;
}

export interface AuthGuardDeps {
  tokens: Pick<TokenSigner, 'verify'>;
  /**
   * The session (a cached copy may do); `tokenGeneration` is the generation the caller's token
   * carries, so a copy older than it is read again.
   */
  findSession(sessionId: string, tokenGeneration?: number): Promise<AuthSessionRow | undefined>;
  touchSession(sessionId: string, at: Date): Promise<void>;
  now?: () => number;
}

/** The credential of `Authorization: Bearer <credential>` (a player's or an operator's), or null. */
export function bearerCredential(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Who a player access token speaks for, with every check of the guard: a valid HS256 token of a
 * live session of a player who is not blocked nor removed, or a 401/403 AppError. Pages that
 * carry the token in the access_token cookie (the dev mailbox) check it with this too.
 */
export type PlayerAuthenticator = (token: string | null | undefined) => Promise<Actor>;

export function createPlayerAuthenticator(deps: AuthGuardDeps): PlayerAuthenticator {
  const now = deps.now ?? Date.now;
  return async (token) => {
    if (!token) throw new AppError('UNAUTHENTICATED', 'Log in to continue');
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');

    const session = await deps.findSession(claims.sid, claims.ver);
    const at = now();
    assertSessionStands(session, claims, at);
    if (shouldTouchLastSeen(session.lastSeenAt, at)) {
      await deps.touchSession(claims.sid, new Date(at));
    }
    return { playerId: claims.sub, sessionId: claims.sid };
  };
}

/**
 * onRequest hook of every player route (before the body is even parsed): the bearer token must
 * pass `authenticate`, or 401/403. Puts `request.actor`.
 */
export function createAuthGuard(authenticate: PlayerAuthenticator): onRequestAsyncHookHandler {
  return async (request) => {
    request.actor = await authenticate(bearerCredential(request));
  };
}

/**
 * Throws the answer for a token whose session cannot carry a request: 401 (unknown, ended, or a
 * generation retired by a refresh more than the grace ago), 403 (removed, blocked). The refresh
 * endpoint lets a retired generation through (`allowRetired`): it ends the session for it.
 */
export function assertSessionStands(
  session: AuthSessionRow | undefined,
  claims: TokenClaims,
  nowMs: number,
  options: { allowRetired?: boolean } = {},
): asserts session is AuthSessionRow {
  const refusal = sessionRefusal(session, claims, nowMs);
  if (refusal === 'unknown' || !session) {
    throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
  }
  // Removal ends every session; saying why lets the site show the accountRemoved alert.
  if (session.playerRemovedAt) {
    throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  }
  // A break or exclusion ended every session too: the same reason, so the site shows its end.
  assertNotExcluded(session.playerExcludedUntil, nowMs);
  if (refusal === 'ended') throw new AppError('SESSION_ENDED', 'This session has ended');
  if (isBlocked(session.playerStatus)) {
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  }
  if (refusal === 'retired' && !options.allowRetired) {
    throw new AppError('UNAUTHENTICATED', 'This token was replaced by a newer one');
  }
}

/**
 * PLAYER_EXCLUDED (403, details.endsAt) while a break or self-exclusion is in force (issue 16):
 * every door — login, refresh, the guard, the game session — asks this of the player's
 * `excluded_until`.
 */
export function assertNotExcluded(excludedUntil: Date | null | undefined, nowMs: number): void {
  if (!excludedUntil || !isExcluded(excludedUntil, nowMs)) return;
  throw new AppError(
    'PLAYER_EXCLUDED',
    'You are taking a break from play; your account opens again when it ends',
    exclusionDetails(excludedUntil),
  );
}

/** The actor of a guarded route; a route without the guard that calls this is a bug. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Log in to continue');
  return request.actor;
}

/**
 * onRequest hook of guest-visible routes: without an Authorization header the caller is a guest
 * (`request.actor` stays null); a header that is there must pass `guard`, so a stale token still
 * gets the 401 that makes the site refresh it rather than silently browsing as a guest.
 */
export function optionalAuth(guard: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (request, reply) {
    if (request.headers.authorization === undefined) return;
    await guard.call(this, request, reply);
  };
}
