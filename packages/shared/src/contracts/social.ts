import { z } from 'zod';
import { deviceSchema, geoLocationSchema } from './player.ts';
import { attributionSchema } from './attribution.ts';

/**
 * Social login (spec §7 "Session and registration"): OpenID Connect authorization code flow with
 * PKCE. The server keeps verifier and nonce by `state`; the browser only carries state and code.
 */
export const SOCIAL_CONNECTIONS = ['google', 'facebook', 'apple', 'sandbox'] as const;
export type SocialConnection = (typeof SOCIAL_CONNECTIONS)[number];

export const socialConnectionParamsSchema = z.object({ connection: z.enum(SOCIAL_CONNECTIONS) });

/** GET /api/player/social/connections: the connections configured on this deployment. */
export const socialConnectionListSchema = z.object({
  data: z.array(z.object({ connection: z.enum(SOCIAL_CONNECTIONS), name: z.string() })),
});
export type SocialConnectionList = z.infer<typeof socialConnectionListSchema>;

/** POST /api/player/social/{connection}/authorize: where to send the browser. */
export const socialAuthorizeBodySchema = z.object({
  /** The modal to reopen after login (spec §4 backTo), carried through the provider round trip. */
  backTo: z.string().trim().max(64).optional(),
});
export const socialAuthorizeResponseSchema = z.object({
  url: z.url().describe('The provider authorization URL (state, nonce, PKCE challenge included)'),
  state: z.string(),
});
export type SocialAuthorizeResponse = z.infer<typeof socialAuthorizeResponseSchema>;

/** POST /api/player/sessions/social?code={code} — the callback page sends state with it. */
export const socialLoginQuerySchema = z.object({ code: z.string().trim().min(1).max(2048) });
export const socialLoginBodySchema = z.object({
  connection: z.enum(SOCIAL_CONNECTIONS),
  state: z.string().trim().min(1).max(256),
  device: deviceSchema,
  location: geoLocationSchema.optional(),
});
export type SocialLoginBody = z.infer<typeof socialLoginBodySchema>;

/**
 * `details` of the 409 SOCIAL_SIGNUP_REQUIRED answer: the identity is new, the player must accept
 * the terms first. The token is short-lived and single-purpose (register/social only).
 */
export const socialSignupDetailsSchema = z.object({
  registrationToken: z.string(),
  email: z.email().nullable(),
  connection: z.enum(SOCIAL_CONNECTIONS),
});
export type SocialSignupDetails = z.infer<typeof socialSignupDetailsSchema>;

/** POST /api/player/register/social: answers like login (accessToken, expiresAfter, profile). */
export const socialRegisterBodySchema = z.object({
  registrationToken: z.string().trim().min(1).max(4096),
  agreements: z.literal(true, { error: 'The agreements must be accepted' }),
  receiveEmailPromo: z.boolean(),
  device: deviceSchema,
  location: geoLocationSchema.optional(),
  attribution: attributionSchema.optional(),
});
export type SocialRegisterBody = z.infer<typeof socialRegisterBodySchema>;

/** POST /api/player/sessions/token: auto-login by the one-time token of an email link. */
export const tokenLoginBodySchema = z.object({
  token: z.string().trim().min(1).max(128),
  device: deviceSchema,
  location: geoLocationSchema.optional(),
});
export type TokenLoginBody = z.infer<typeof tokenLoginBodySchema>;

/** POST /api/users/check (with login): whether the logged-in account still exists. */
export const userCheckResponseSchema = z.object({ removed: z.boolean() });
export type UserCheckResponse = z.infer<typeof userCheckResponseSchema>;

/** POST /api/users/delete (removeAccount): the password confirms it for password accounts. */
export const userDeleteBodySchema = z.object({
  password: z.string().min(1).max(128).optional(),
  reason: z.string().trim().max(500).optional(),
});
export type UserDeleteBody = z.infer<typeof userDeleteBodySchema>;
