import { z } from 'zod';
import { SOCIAL_CONNECTIONS, type SocialConnection } from '@coinfall/shared';
import { normalizeEmail } from '../player/auth.fns.ts';

/** How long a login started at the provider may take to come back. */
export const ATTEMPT_TTL_MS = 10 * 60_000;
/**
 * The cookie that binds a login's state to the browser that started it (OAuth login CSRF): the
 * callback is accepted only with a state this browser asked for. It keeps the last few states so
 * two sign-ins started in two tabs both finish.
 */
export const STATE_COOKIE = 'cf_social_state';
const STATES_KEPT = 3;

/** The states a browser's cookie holds (base64url states never contain '.'). */
export function statesOfCookie(cookie: string | undefined): string[] {
  return cookie ? cookie.split('.').filter(Boolean) : [];
}

/** The cookie value after a new login started: the new state first, older ones after. */
export function cookieWithState(cookie: string | undefined, state: string): string {
  return [state, ...statesOfCookie(cookie).filter((s) => s !== state)]
    .slice(0, STATES_KEPT)
    .join('.');
}

/** How long a player has to accept the terms after a social login of a new identity. */
export const REGISTRATION_TOKEN_TTL_SECONDS = 15 * 60;

export const CONNECTION_NAMES: Record<SocialConnection, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
  sandbox: 'Sandbox',
};

/** The site page the provider sends the browser back to (spec §1 routes; never locale-prefixed). */
export const socialCallbackUrl = (publicUrl: string, connection: SocialConnection): string =>
  `${publicUrl}/auth/social/${connection}/callback`;

/** What we take from a verified ID token. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

// Some providers (Apple) send email_verified as the string "true".
const idTokenSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
});

/** The identity in ID token claims already verified by the OIDC client; null without a subject. */
export function identityFromClaims(claims: unknown): SocialIdentity | null {
  const parsed = idTokenSchema.safeParse(claims);
  if (!parsed.success) return null;
  const { sub, email, email_verified: verified, name } = parsed.data;
  const normalized = email === undefined ? null : normalizeEmail(email);
  const address = normalized && z.email().safeParse(normalized).success ? normalized : null;
  return {
    subject: sub,
    email: address,
    emailVerified: address !== null && (verified === true || verified === 'true'),
    name: name?.trim() || null,
  };
}

/**
 * The email by which a new identity may be linked to an existing player: verified ones only, and
 * never one the built-in sandbox asserts — its login page vouches for whatever email is typed,
 * so it signs in only accounts it created itself, by their subject (docs/decisions/019).
 */
export function linkableEmail(
  connection: SocialConnection,
  identity: Pick<SocialIdentity, 'email' | 'emailVerified'>,
): string | null {
  if (connection === 'sandbox') return null;
  return identity.emailVerified ? identity.email : null;
}

/** What the registration token of a new social identity carries (audience social-signup). */
export const registrationClaimsSchema = z.object({
  connection: z.enum(SOCIAL_CONNECTIONS),
  sub: z.string().min(1),
  email: z.email().nullable(),
  emailVerified: z.boolean(),
  name: z.string().nullable(),
});
export type RegistrationClaims = z.infer<typeof registrationClaimsSchema>;

export function registrationClaims(
  connection: SocialConnection,
  identity: SocialIdentity,
): RegistrationClaims {
  return {
    connection,
    sub: identity.subject,
    email: identity.email,
    emailVerified: identity.emailVerified,
    name: identity.name,
  };
}

/** A verified token payload narrowed to registration claims; null when anything is off. */
export function parseRegistrationClaims(payload: unknown): RegistrationClaims | null {
  const parsed = registrationClaimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
