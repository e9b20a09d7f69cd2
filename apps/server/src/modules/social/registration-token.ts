import { SignJWT, jwtVerify } from 'jose';
import {
  REGISTRATION_TOKEN_TTL_SECONDS,
  parseRegistrationClaims,
  type RegistrationClaims,
} from './social.fns.ts';

// Pinned like access tokens; the audience keeps either kind from passing for the other.
const ALGORITHM = 'HS256';
const AUDIENCE = 'social-signup';

/**
 * The short-lived token of a social identity that has no account yet: the browser hands it to
 * POST /api/player/register/social once the player accepts the terms. Signed with the app's
 * JWT secret, so no table is needed; linking the identity makes a second use a conflict.
 */
export function createRegistrationTokens(options: { secret: string; now?: () => number }) {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? Date.now;
  return {
    async sign(claims: RegistrationClaims): Promise<string> {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + REGISTRATION_TOKEN_TTL_SECONDS)
        .sign(key);
    },

    /** The claims of a genuine, unexpired registration token; null for anything else. */
    async verify(token: string): Promise<RegistrationClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          audience: AUDIENCE,
          currentDate: new Date(now()),
        });
        return parseRegistrationClaims(payload);
      } catch {
        return null;
      }
    },
  };
}
export type RegistrationTokens = ReturnType<typeof createRegistrationTokens>;
