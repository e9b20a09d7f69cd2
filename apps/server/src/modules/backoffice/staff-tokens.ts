import { SignJWT, jwtVerify } from 'jose';

// One algorithm signed and accepted (like the player's tokens, decision 020), and audiences of
// their own: a player's token is never a staff token, a challenge never a session.
const ALGORITHM = 'HS256';
export const STAFF_AUDIENCE = 'coinfall:staff';
const CHALLENGE_AUDIENCE = 'coinfall:staff-challenge';

/** A staff session's token lives at most this long; the idle timeout usually ends it first. */
export const STAFF_TOKEN_TTL_SECONDS = 12 * 3600;
/** Between the password and the TOTP code. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface StaffTokenClaims {
  staffId: string;
  sessionId: string;
}

export function createStaffTokens(options: { secret: string; now?: () => number }) {
  // A key of its own, derived from the JWT secret: the same key bytes never sign both kinds.
  const key = new TextEncoder().encode(`staff:${options.secret}`);
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);

  async function verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        audience,
        currentDate: new Date(now()),
      });
      return payload;
    } catch {
      return null;
    }
  }

  return {
    async signSession(claims: StaffTokenClaims): Promise<string> {
      const iat = nowSeconds();
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.staffId)
        .setAudience(STAFF_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + STAFF_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verifySession(token: string): Promise<StaffTokenClaims | null> {
      const payload = await verify(token, STAFF_AUDIENCE);
      if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        return null;
      }
      return { staffId: payload.sub, sessionId: payload.sid };
    },
    /** The password was right for `staffId`; good for the second step only, for 5 minutes. */
    async signChallenge(staffId: string): Promise<{ token: string; expiresAt: Date }> {
      const iat = nowSeconds();
      const exp = iat + CHALLENGE_TTL_SECONDS;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(staffId)
        .setAudience(CHALLENGE_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verifyChallenge(token: string): Promise<string | null> {
      const payload = await verify(token, CHALLENGE_AUDIENCE);
      return payload && typeof payload.sub === 'string' ? payload.sub : null;
    },
  };
}
export type StaffTokens = ReturnType<typeof createStaffTokens>;
