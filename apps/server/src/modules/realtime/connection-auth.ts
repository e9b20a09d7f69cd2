import type { AuthSessionRow, TokenSigner } from '../../platform/auth.ts';
import { isBlocked, sessionRefusal, type TokenClaims } from '../../platform/auth.fns.ts';
import type { ConnectionScope } from './protocol.fns.ts';

/** A connection's claims and what its token reaches (decision 040). */
export type ConnectionClaims = TokenClaims & { scope: ConnectionScope };

/**
 * Tokens other than a player session's that the gateway accepts: a blocked or excluded
 * player's support pass and a staff realtime token. Each is short-lived and stands until it
 * expires (no session row behind it); null when the token is not one of them.
 */
export type PassInspector = (
  token: string,
) => Promise<
  | { status: 'valid'; claims: TokenClaims; scope: Exclude<ConnectionScope, 'player'> }
  | { status: 'expired' }
  | null
>;

/**
 * Where a session stands for the gateway: the same rules as the API's auth guard. `retired`: the
 * session lives but a refresh replaced this token (the client must bring the newer one).
 */
export type SessionStanding = 'live' | 'ended' | 'blocked' | 'retired';

/** Whether a staff realtime token's staff session still stands (decision 074). */
export type StaffStanding = (claims: ConnectionClaims) => Promise<'live' | 'ended'>;

export type TokenCheck =
  | { outcome: 'live'; claims: ConnectionClaims }
  | { outcome: 'expired' }
  | { outcome: 'invalid' }
  | { outcome: 'ended' }
  | { outcome: 'blocked' };

export interface ConnectionAuth {
  /** A connect or refresh token: signature and expiry, then its session and player. */
  checkToken(token: string): Promise<TokenCheck>;
  /** A connected session again, after a session change (logout, close, block, removal). */
  standing(claims: ConnectionClaims): Promise<SessionStanding>;
}

/**
 * The connection token is the player's access token; the session behind it is looked up like
 * the auth guard does (through the session cache, which session changes keep honest).
 */
export function createConnectionAuth(deps: {
  tokens: Pick<TokenSigner, 'inspect'>;
  findSession: (sessionId: string, tokenGeneration?: number) => Promise<AuthSessionRow | undefined>;
  passes?: PassInspector;
  /**
   * Where the staff session named by a staff realtime token stands (decision 074): the token
   * lasts minutes, its session may end (or its role change) before. Absent: until its expiry.
   */
  staffStanding?: StaffStanding;
  now?: () => number;
}): ConnectionAuth {
  const now = deps.now ?? Date.now;
  async function standing(claims: ConnectionClaims): Promise<SessionStanding> {
    if (claims.scope === 'staff') return deps.staffStanding?.(claims) ?? 'live';
    // A support pass has no session: it stands until its expiry, which the connection enforces.
    if (claims.scope !== 'player') return 'live';
    return sessionStanding(claims);
  }
  async function sessionStanding(claims: TokenClaims): Promise<SessionStanding> {
    const session = await deps.findSession(claims.sid, claims.ver);
    const refusal = sessionRefusal(session, claims, now());
    // An unknown session for a genuine token can only be one that is gone: it ended.
    if ((refusal !== null && refusal !== 'retired') || !session || session.playerRemovedAt) {
      return 'ended';
    }
    if (isBlocked(session.playerStatus)) return 'blocked';
    // The page refreshed the token the socket holds; the socket renews it like an expired one.
    return refusal === 'retired' ? 'retired' : 'live';
  }

  return {
    standing,
    async checkToken(token) {
      const inspection = await deps.tokens.inspect(token);
      if (inspection.status === 'invalid' && deps.passes) {
        const pass = await deps.passes(token);
        if (pass?.status === 'valid') {
          const claims: ConnectionClaims = { ...pass.claims, scope: pass.scope };
          return (await standing(claims)) === 'live'
            ? { outcome: 'live', claims }
            : { outcome: 'ended' };
        }
        if (pass?.status === 'expired') return { outcome: 'expired' };
      }
      if (inspection.status !== 'valid') return { outcome: inspection.status };
      const where = await sessionStanding(inspection.claims);
      if (where === 'retired') return { outcome: 'expired' };
      return where === 'live'
        ? { outcome: 'live', claims: { ...inspection.claims, scope: 'player' } }
        : { outcome: where };
    },
  };
}
