import { z } from 'zod';
import { STAFF_PERMISSION_NAMES, STAFF_ROLES } from '../admin-permissions.ts';
import { ascendingSortOrderSchema, pagedListSchema, pageQuerySchema } from './player.ts';

/**
 * The back office's staff identity (issue 17, decision 031): sign-in in two steps (password, then
 * a TOTP code or a recovery code), the caller's account and sessions. Routes under /api/admin.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const staffPermissionSchema = z.enum(STAFF_PERMISSION_NAMES);

export const staffPasswordBodySchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().min(1).max(256),
});

/**
 * The password was right: the second step's challenge (5 minutes). `enrolment` is there while the
 * account has no authenticator yet: scan the QR (or type the secret), then send its first code.
 */
export const staffChallengeSchema = z.object({
  challenge: z.string(),
  expiresAt: z.iso.datetime(),
  enrolment: z
    .object({
      secret: z.string().describe('Base32 TOTP secret (SHA-1, 6 digits, 30 s)'),
      otpauthUrl: z.string(),
      qrDataUrl: z.string().describe('The otpauth URL as an SVG QR code, data: URL'),
    })
    .nullable(),
});
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;

export const staffSecondFactorBodySchema = z
  .object({
    challenge: z.string().min(1).max(2048),
    code: z
      .string()
      .regex(/^\d{6}$/, 'Six digits')
      .optional(),
    recoveryCode: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/i, 'A recovery code: xxxxx-xxxxx')
      .optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'Send either code or recoveryCode',
    path: ['code'],
  });

export const staffMeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: staffRoleSchema,
  permissions: z.array(staffPermissionSchema),
  sessionId: z.uuid(),
  /** Minutes without a request after which the session ends. */
  idleTimeoutMinutes: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffSignedInSchema = z.object({
  staff: staffMeSchema,
  /** Shown once, at enrolment: each signs in once instead of a TOTP code. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type StaffSignedIn = z.infer<typeof staffSignedInSchema>;

export const staffSessionSchema = z.object({
  id: z.uuid(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  current: z.boolean(),
});
export const staffSessionListSchema = pagedListSchema(staffSessionSchema);
export type StaffSessionList = z.infer<typeof staffSessionListSchema>;
export const staffSessionListQuerySchema = pageQuerySchema;

export const adminUuidParamsSchema = z.object({ id: z.uuid() });

/** Every action that moves money or changes a player's status says why (kept in the audit). */
export const staffReasonSchema = z
  .string()
  .trim()
  .min(3, 'Say why (at least 3 characters)')
  .max(500);
export const staffReasonBodySchema = z.object({ reason: staffReasonSchema });

// ---- Staff accounts (admin) ----

export const staffCreateBodySchema = z.object({
  email: z.email().max(254),
  role: staffRoleSchema,
  password: z.string().min(12).max(256),
});
export const staffAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: staffRoleSchema,
  enrolled: z.boolean().describe('Has a TOTP authenticator'),
  disabledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountListSchema = pagedListSchema(staffAccountSchema);
/** The staff list's sortable columns (by email, A to Z, by default); the id breaks ties. */
export const STAFF_ACCOUNT_SORTS = ['email', 'role', 'createdAt'] as const;
export type StaffAccountSort = (typeof STAFF_ACCOUNT_SORTS)[number];
export const staffAccountListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(STAFF_ACCOUNT_SORTS).default('email'),
  order: ascendingSortOrderSchema,
});

/**
 * An admin creates a staff account with an email and a role: the server draws the password and
 * answers it once (the command line `npm run staff:create` does the same). TOTP is enrolled at
 * the first sign-in.
 */
export const staffNewAccountBodySchema = z.object({
  email: z.email().max(254),
  role: staffRoleSchema,
});
export const staffAccountCreatedSchema = z.object({
  account: staffAccountSchema,
  password: z.string().describe('The generated password, shown this once'),
});
export type StaffAccountCreated = z.infer<typeof staffAccountCreatedSchema>;

/** A role change says why, like every change to a staff account (kept in the audit). */
export const staffRoleBodySchema = z.object({ role: staffRoleSchema, reason: staffReasonSchema });
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;
