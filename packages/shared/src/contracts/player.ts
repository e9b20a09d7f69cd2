import { z } from 'zod';
import { PlayerStatus } from '../constants.ts';

/** The device a session was opened from, as the site reports it. */
export const deviceSchema = z.object({
  type: z.string().trim().min(1).max(32).describe('desktop, mobile, tablet, app…'),
  os: z.string().trim().max(64).optional(),
  browser: z.string().trim().max(64).optional(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Coordinates as sent by the site (the last two decimals are randomised there, spec §7). */
export const geoLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

const playerStatusSchema = z.union([
  z.literal(PlayerStatus.Active),
  z.literal(PlayerStatus.Limited),
  z.literal(PlayerStatus.Blocked),
]);

/** Player profile of spec §3. Optional data the player has not given yet is null. */
export const playerProfileSchema = z.object({
  id: z.uuid(),
  nickname: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.email(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  postalCode: z.string().nullable(),
  birthdate: z.iso.date().nullable(),
  agreedTc: z.boolean(),
  kycVerified: z.boolean(),
  confirmedAt: z.iso.datetime().nullable().describe('When the email was confirmed'),
  phoneConfirmed: z.boolean(),
  status: playerStatusSchema,
  segmentIds: z.array(z.number().int()),
  createdAt: z.iso.datetime(),
  isNewlyRegistered: z
    .boolean()
    .describe('True in the registration session until the first profile update'),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

const emailSchema = z.email().max(254);
const passwordSchema = z.string().min(6).max(128);

/** Spec §5 "accepted": yes, on, 1, true. */
const acceptedSchema = z
  .union([z.boolean(), z.literal(1), z.enum(['yes', 'on', '1', 'true'])])
  .refine((v) => v === true || v === 1 || typeof v === 'string', {
    message: 'The agreements must be accepted',
  });

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  agreements: acceptedSchema,
  receiveEmailPromo: z.boolean(),
  nickname: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[\p{L}\p{N}_.-]+$/u, 'Letters, digits, dot, dash and underscore only')
    .optional(),
  device: deviceSchema,
  location: geoLocationSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(128),
  device: deviceSchema,
  location: geoLocationSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Optional: a refresh may carry the device and location it is made from, or no body at all. */
export const refreshBodySchema = z
  .object({ device: deviceSchema.optional(), location: geoLocationSchema.optional() })
  .nullish();
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const accessTokenSchema = z.object({
  accessToken: z.string(),
  expiresAfter: z.number().int().nonnegative().describe('Seconds until the token expires'),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** Answer of login and registration. */
export const sessionResponseSchema = accessTokenSchema.extend({ profile: playerProfileSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const playerSessionSchema = z.object({
  id: z.uuid(),
  device: deviceSchema,
  ip: z.string().nullable(),
  location: geoLocationSchema.nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  current: z.boolean().describe('The session of the token making this request'),
});
export type PlayerSession = z.infer<typeof playerSessionSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
  totalRows: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data, meta }`: the one paginated list shape. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

export const playerSessionListSchema = pagedListSchema(playerSessionSchema);
export type PlayerSessionList = z.infer<typeof playerSessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

export const FIELD_SCENARIOS = ['registration', 'profile'] as const;
export type FieldScenario = (typeof FIELD_SCENARIOS)[number];
export const fieldValidationsQuerySchema = z.object({ scenario: z.enum(FIELD_SCENARIOS) });

export const fieldValidationSchema = z.object({ name: z.string(), isRequired: z.boolean() });
export type FieldValidation = z.infer<typeof fieldValidationSchema>;
export const fieldValidationListSchema = z.object({ data: z.array(fieldValidationSchema) });
