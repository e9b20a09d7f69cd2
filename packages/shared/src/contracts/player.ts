import { z } from 'zod';
import { PlayerStatus } from '../constants.ts';
import { FIELD_KIND_RULES, type FieldRules } from '../validation/fields.ts';
import { fieldRulesRefinement } from '../validation/zod.ts';
import { attributionSchema } from './attribution.ts';

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
  isComplete: z
    .boolean()
    .describe('Every field of the complete-profile list (spec §3) is present and agreedTc is true'),
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
  /** The visit's affiliate tag, UTM / click ids and A/B funnel (issue 19), stored on the player. */
  attribution: attributionSchema.optional(),
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

export const SORT_ORDERS = ['asc', 'desc'] as const;
/** A sorted list's direction (`?order=`), beside its own `?sort=` enum of columns; newest/largest first. */
export const sortOrderSchema = z.enum(SORT_ORDERS).default('desc');
/** The same for a list read from its start: a queue oldest first, a directory A to Z. */
export const ascendingSortOrderSchema = z.enum(SORT_ORDERS).default('asc');

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

/** A query list of allowed numbers: `status=1,2`, `status=1&status=2` or (unbracketed) `status[]=1`. */
export const numberListQuery = (allowed: readonly number[], what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const out: number[] = [];
      for (const part of (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))) {
        const n = Number(part);
        if (!allowed.includes(n)) {
          ctx.addIssue({ code: 'custom', message: `Unknown ${what} ${part}` });
          return z.NEVER;
        }
        out.push(n);
      }
      return out;
    });

export const playerSessionListSchema = pagedListSchema(playerSessionSchema);
export type PlayerSessionList = z.infer<typeof playerSessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

export const FIELD_SCENARIOS = ['registration', 'profile'] as const;
export type FieldScenario = (typeof FIELD_SCENARIOS)[number];
/** A content preview token: the registration list of the drafts (decision 053). */
export const contentPreviewQuerySchema = z.object({
  preview: z.string().max(256).optional().describe('Content preview token: the drafts’ list'),
});
export const fieldValidationsQuerySchema = contentPreviewQuerySchema.extend({
  scenario: z.enum(FIELD_SCENARIOS),
});

export const fieldValidationSchema = z.object({ name: z.string(), isRequired: z.boolean() });
export type FieldValidation = z.infer<typeof fieldValidationSchema>;
export const fieldValidationListSchema = z.object({ data: z.array(fieldValidationSchema) });

/** Spec §3: the fields a complete profile needs. */
export const COMPLETE_PROFILE_FIELDS = [
  'address',
  'agreedTc',
  'birthdate',
  'city',
  'country',
  'email',
  'phone',
  'firstName',
  'lastName',
  'postalCode',
  'region',
] as const;

type CompletenessInput = Partial<Record<(typeof COMPLETE_PROFILE_FIELDS)[number], unknown>>;

/** True when every complete-profile field is present (non-empty) and the terms are agreed. */
export function isProfileComplete(profile: CompletenessInput): boolean {
  return COMPLETE_PROFILE_FIELDS.every((name) => {
    const value = profile[name];
    if (name === 'agreedTc') return value === true;
    return typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined;
  });
}

const REQUIRED = { rule: 'required' } as const;
const NAME = { rule: 'name' } as const;
const own = (field: string) => FIELD_KIND_RULES[field] ?? [];

/**
 * Spec §5 rules of the profile form, keyed by body field. The fields of the complete-profile
 * list (and city and region, always required) carry `required`: they may be left out of an
 * update but never cleared.
 */
export const PROFILE_UPDATE_RULES: FieldRules = {
  firstName: [REQUIRED, ...own('firstName')],
  lastName: [REQUIRED, ...own('lastName')],
  nickname: [],
  phone: [REQUIRED, ...own('phone')],
  address: [REQUIRED, ...own('address')],
  city: [REQUIRED, NAME],
  region: [REQUIRED, NAME],
  country: [REQUIRED, { rule: 'countryCode' }],
  postalCode: [REQUIRED, ...own('postalCode')],
  birthdate: [REQUIRED, { rule: 'date' }, ...own('birthdate')],
};

const profileText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Protected fields: declared only so a body carrying one fails naming it. */
const notWritable = z
  .never({ error: 'This field cannot be changed' })
  .optional()
  .describe('Not writable');

export const PROFILE_PROTECTED_FIELDS = [
  'id',
  'email',
  'status',
  'kycVerified',
  'confirmedAt',
  'phoneConfirmed',
  'segmentIds',
  'createdAt',
  'isNewlyRegistered',
  'isComplete',
] as const;

/**
 * PUT /api/player/profile. A partial update: a field left out keeps its value, null clears an
 * optional one (nickname). Unknown and protected fields are refused. Rules run only on the
 * fields sent.
 */
export const updateProfileBodySchema = z
  .strictObject({
    firstName: profileText(100),
    lastName: profileText(100),
    nickname: z
      .string()
      .trim()
      .min(3)
      .max(32)
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'Letters, digits, dot, dash and underscore only')
      .nullable()
      .optional(),
    phone: profileText(32),
    address: profileText(200),
    city: profileText(100),
    region: profileText(100),
    country: profileText(2).describe('ISO 3166-1 alpha-2, upper case'),
    postalCode: profileText(16),
    birthdate: profileText(10).describe('YYYY-MM-DD; at least 18 years ago'),
    agreedTc: z
      .literal(true, { error: 'The terms can be accepted, never withdrawn' })
      .optional()
      .describe('Only false → true'),
    receiveEmailPromo: z.boolean().optional(),
    id: notWritable,
    email: notWritable,
    status: notWritable,
    kycVerified: notWritable,
    confirmedAt: notWritable,
    phoneConfirmed: notWritable,
    segmentIds: notWritable,
    createdAt: notWritable,
    isNewlyRegistered: notWritable,
    isComplete: notWritable,
  })
  .superRefine((values, ctx) => {
    const sent = Object.entries(PROFILE_UPDATE_RULES).filter(
      ([name]) => (values as Record<string, unknown>)[name] !== undefined,
    );
    fieldRulesRefinement(Object.fromEntries(sent))(values, ctx);
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1).max(128),
    newPassword: z.string().min(6).max(128),
    repeatNewPassword: z.string().min(1).max(128),
  })
  .refine((b) => b.repeatNewPassword === b.newPassword, {
    path: ['repeatNewPassword'],
    message: 'The passwords do not match',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const passwordResetBodySchema = z.object({ email: z.string().trim().max(254) });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** A one-time code as mailed: 32 random bytes, base64url (43 characters). */
const oneTimeCodeSchema = z.string().trim().min(1).max(128);

export const passwordConfirmBodySchema = z
  .object({
    code: oneTimeCodeSchema,
    password: z.string().min(6).max(128),
    repeatPassword: z.string().min(1).max(128),
  })
  .refine((b) => b.repeatPassword === b.password, {
    path: ['repeatPassword'],
    message: 'The passwords do not match',
  });
export type PasswordConfirmBody = z.infer<typeof passwordConfirmBodySchema>;

export const emailConfirmBodySchema = z.object({ code: oneTimeCodeSchema });
export type EmailConfirmBody = z.infer<typeof emailConfirmBodySchema>;
