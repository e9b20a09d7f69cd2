import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { SUPPORT_PASS_TTL_SECONDS, type SupportPass } from '@coinfall/shared';
import type { TokenClaims } from '../../platform/auth.fns.ts';

const ALGORITHM = 'HS256';
/** Each kind has its own audience: no other guard accepts either (the player's is coinfall:player). */
const AUDIENCE = { support: 'coinfall:support-pass', staff: 'coinfall:staff-realtime' } as const;
type PassKind = keyof typeof AUDIENCE;
/** A staff realtime token lives 10 minutes; the console fetches another when the gateway asks. */
export const STAFF_REALTIME_TTL_SECONDS = 10 * 60;

export type PassCheck =
  { status: 'valid'; kind: PassKind; claims: TokenClaims } | { status: 'expired' } | null;

/**
 * Short-lived tokens that are not a player session (decision 040): the support pass of a blocked
 * or excluded player (their login's refusal carries it; /api/support and their support channel
 * accept it), and the staff console's realtime token (the staff support channel only).
 */
export function createSupportPasses(options: { secret: string; now?: () => number }) {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? Date.now;

  async function sign(kind: PassKind, subject: string, sessionId: string, ttlSeconds: number) {
    const iat = Math.floor(now() / 1000);
    const exp = iat + ttlSeconds;
    const token = await new SignJWT({ sid: sessionId, ver: 1 })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject)
      .setAudience(AUDIENCE[kind])
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  async function inspect(token: string, kinds: readonly PassKind[]): Promise<PassCheck> {
    for (const kind of kinds) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          audience: AUDIENCE[kind],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return {
          status: 'valid',
          kind,
          claims: {
            sub: payload.sub,
            sid: payload.sid,
            ver: 1,
            iat: payload.iat ?? 0,
            exp: payload.exp ?? 0,
          },
        };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired && err.payload.aud === AUDIENCE[kind]) {
          return { status: 'expired' };
        }
      }
    }
    return null;
  }

  return {
    /** A blocked or excluded player's pass to support, and to nothing else. */
    supportPass: (playerId: string): Promise<SupportPass> =>
      sign('support', playerId, randomUUID(), SUPPORT_PASS_TTL_SECONDS),
    /** The console's connection token: a staff connection, for the staff support channel. */
    staffRealtimeToken: (staffId: string, staffSessionId: string) =>
      sign('staff', staffId, staffSessionId, STAFF_REALTIME_TTL_SECONDS),
    /** A support pass's player; null for anything else (expired included). */
    passPlayer: async (token: string): Promise<string | null> => {
      const check = await inspect(token, ['support']);
      return check?.status === 'valid' ? check.claims.sub : null;
    },
    /** For the gateway: either kind, as its connection scope. */
    inspectForGateway: async (token: string) => {
      const check = await inspect(token, ['support', 'staff']);
      if (!check || check.status === 'expired') return check;
      return { status: 'valid' as const, claims: check.claims, scope: check.kind };
    },
  };
}
export type SupportPasses = ReturnType<typeof createSupportPasses>;
