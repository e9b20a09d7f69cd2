import type { AuthSessionRow, TokenSigner } from '../../platform/auth.ts';
import { isBlocked, sessionRefusal, type TokenClaims } from '../../platform/auth.fns.ts';

/**
 * Where a session stands for the gateway: the same rules as the API's auth guard. `retired`: the
 * session lives but a refresh replaced this token (the client must bring the newer one).
 */
export type SessionStanding = 'live' | 'ended' | 'blocked' | 'retired';

export type TokenCheck =
  | { outcome: 'live'; claims: TokenClaims }
  | { outcome: 'expired' }
  | { outcome: 'invalid' }
  | { outcome: 'ended' }
  | { outcome: 'blocked' };

export interface ConnectionAuth {
  /** A connect or refresh token: signature and expiry, then its session and player. */
  checkToken(token: string): Promise<TokenCheck>;
  /** A connected session again, after a session change (logout, close, block, removal). */
  standing(claims: TokenClaims): Promise<SessionStanding>;
}

/**
 * The connection token is the player's access token; the session behind it is looked up like
 * the auth guard does (through the session cache, which session changes keep honest).
 */
export function createConnectionAuth(deps: {
  tokens: Pick<TokenSigner, 'inspect'>;
  findSession: (sessionId: string, tokenGeneration?: number) => Promise<AuthSessionRow | undefined>;
  now?: () => number;
}): ConnectionAuth {
  const now = deps.now ?? Date.now;
  async function standing(claims: TokenClaims): Promise<SessionStanding> {
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
      if (inspection.status !== 'valid') return { outcome: inspection.status };
      const where = await standing(inspection.claims);
      if (where === 'retired') return { outcome: 'expired' };
      return where === 'live' ? { outcome: 'live', claims: inspection.claims } : { outcome: where };
    },
  };
}
