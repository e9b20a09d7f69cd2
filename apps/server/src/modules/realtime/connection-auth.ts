import type { AuthSessionRow, TokenSigner } from '../../platform/auth.ts';
import { isBlocked, sessionRefusal, type TokenClaims } from '../../platform/auth.fns.ts';

/** Where a session stands for the gateway: the same rules as the API's auth guard. */
export type SessionStanding = 'live' | 'ended' | 'blocked';

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
  findSession: (sessionId: string) => Promise<AuthSessionRow | undefined>;
}): ConnectionAuth {
  async function standing(claims: TokenClaims): Promise<SessionStanding> {
    const session = await deps.findSession(claims.sid);
    // An unknown session for a genuine token can only be one that is gone: it ended.
    if (sessionRefusal(session, claims) !== null || !session || session.playerRemovedAt) {
      return 'ended';
    }
    return isBlocked(session.playerStatus) ? 'blocked' : 'live';
  }

  return {
    standing,
    async checkToken(token) {
      const inspection = await deps.tokens.inspect(token);
      if (inspection.status !== 'valid') return { outcome: inspection.status };
      const where = await standing(inspection.claims);
      return where === 'live' ? { outcome: 'live', claims: inspection.claims } : { outcome: where };
    },
  };
}
