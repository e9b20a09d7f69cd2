import { z } from 'zod';
import { PlayerStatus } from '../constants.ts';
import { staffReasonSchema } from './admin.ts';
import { adminPlayerDeviceSchema, adminSharedDevicePlayerSchema } from './fingerprint.ts';
import { adminProtectionSchema } from './admin-protection.ts';
import { GAME_CURRENCIES } from './game.ts';
import {
  pagedListSchema,
  pageQuerySchema,
  ascendingSortOrderSchema,
  sortOrderSchema,
} from './player.ts';

/** The back office's player work (issue 17): search, profile, status, balance adjustments. */

/** The player search's sortable columns; the id breaks ties. */
export const ADMIN_PLAYER_SORTS = ['createdAt', 'email', 'nickname', 'status'] as const;
export type AdminPlayerSort = (typeof ADMIN_PLAYER_SORTS)[number];

export const adminPlayerSearchQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .describe(
      'An id (exact), an email or its beginning (has @ or is a prefix), a phone (+ and digits, exact), a device’s visitor id (32 hex digits, exact) or a nickname prefix',
    ),
  status: z.coerce
    .number()
    .int()
    .refine((n) => (Object.values(PlayerStatus) as number[]).includes(n), 'Unknown status')
    .optional(),
  sort: z.enum(ADMIN_PLAYER_SORTS).default('createdAt'),
  order: sortOrderSchema,
});
export type AdminPlayerSearchQuery = z.infer<typeof adminPlayerSearchQuerySchema>;

/**
 * What staff do to a player's status (decision 070): block (remembering the status it replaced),
 * unblock (restoring it), limit and lift the limit (Active ↔ Limited).
 */
export const PLAYER_STATUS_ACTIONS = ['block', 'unblock', 'limit', 'unlimit'] as const;
export type PlayerStatusAction = (typeof PLAYER_STATUS_ACTIONS)[number];

/** A forced password reset's outcome: whether the player was mailed the link to choose one. */
export const adminPasswordResetResultSchema = z.object({
  mailSent: z
    .boolean()
    .describe(
      'false when the player is blocked (no link until unblocked: "Forgot password" then) or the mail could not be sent',
    ),
});
export type AdminPasswordResetResult = z.infer<typeof adminPasswordResetResultSchema>;

const playerStatusSchema = z
  .number()
  .int()
  .describe('PlayerStatus: 1 active, 2 limited, 3 blocked');

export const adminPlayerRowSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  nickname: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  status: playerStatusSchema,
  kycVerified: z.boolean(),
  removed: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminPlayerRow = z.infer<typeof adminPlayerRowSchema>;
export const adminPlayerListSchema = pagedListSchema(adminPlayerRowSchema);
export type AdminPlayerList = z.infer<typeof adminPlayerListSchema>;

/**
 * A refused purchase's refund (decision 046): `due` until the provider answers, then `refunded`
 * (reference: the provider's refund reference) or `not_refundable` (reference: its reason — the
 * operator's to settle by hand).
 */
export const adminInvoiceRefundSchema = z.object({
  status: z.enum(['due', 'refunded', 'not_refundable']),
  reference: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
});
export type AdminInvoiceRefund = z.infer<typeof adminInvoiceRefundSchema>;

export const adminPlayerProfileSchema = z.object({
  player: adminPlayerRowSchema.extend({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    birthdate: z.string().nullable(),
    emailConfirmed: z.boolean(),
    phoneConfirmed: z.boolean(),
    segmentIds: z.array(z.number().int()),
  }),
  liveSessions: z.number().int(),
  balances: z.array(
    z.object({
      currency: z.string(),
      kind: z.enum(['cash', 'bonus']),
      balance: z.number().int().describe('Minor units'),
      active: z.boolean(),
    }),
  ),
  limits: z.array(
    z.object({
      type: z.string(),
      period: z.string(),
      currency: z.string(),
      amount: z.number().int(),
      pendingAmount: z.number().int().nullable(),
    }),
  ),
  ledger: z.array(
    z.object({
      transactionId: z.uuid(),
      kind: z.string(),
      currency: z.string(),
      amount: z.number().int(),
      at: z.iso.datetime(),
    }),
  ),
  rounds: z.array(
    z.object({
      id: z.uuid(),
      game: z.string(),
      currency: z.string(),
      bet: z.number().int(),
      payout: z.number().int(),
      status: z.number().int(),
      createdAt: z.iso.datetime(),
    }),
  ),
  invoices: z
    .array(
      z.object({
        id: z.uuid(),
        type: z
          .number()
          .int()
          .describe('InvoiceType: 1 deposit, 2 withdrawal, 3 purchase, 4 virtual payout'),
        status: z.number().int(),
        amount: z.number().int(),
        currency: z.string(),
        createdAt: z.iso.datetime(),
        failureCode: z
          .string()
          .nullable()
          .describe('Why it failed or was refused (`player_excluded`: settled during a break)'),
        refund: adminInvoiceRefundSchema
          .nullable()
          .describe('The payment provider’s refund of a purchase refused for an exclusion'),
      }),
    )
    .describe('Purchases and redemptions, newest first'),
  bonuses: z.array(
    z.object({
      id: z.number().int(),
      status: z.number().int(),
      currency: z.string(),
      amount: z.number().int(),
      wagered: z.number().int(),
      wageringRequired: z.number().int(),
      issuedAt: z.iso.datetime(),
    }),
  ),
  protection: adminProtectionSchema,
  /** The player's devices (FingerprintJS visitor ids, decision 049), last seen first. */
  devices: z.array(adminPlayerDeviceSchema),
  /** Other players seen on those devices: the multi-accounting check. */
  sharedDevices: z.array(adminSharedDevicePlayerSchema),
});
export type AdminPlayerProfile = z.infer<typeof adminPlayerProfileSchema>;

/** Block and unblock: the reason is required (it changes the player's status). */
export const adminPlayerStatusBodySchema = z.object({ reason: staffReasonSchema });

export const adjustmentBodySchema = z.object({
  currency: z.enum(GAME_CURRENCIES).describe('The coins players hold: GC or SC'),
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, 'Not zero')
    .refine((n) => Math.abs(n) <= 1_000_000_000_000, 'Too large')
    .describe('Minor units: positive credits the player, negative debits'),
  reason: staffReasonSchema,
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

export const adjustmentHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(128)
    .describe('Names this request: the same key again answers the first adjustment'),
});

/**
 * `expired`: pending past its approval window (decision 070) — nothing moved; ask again if it
 * still stands.
 */
export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected', 'expired'] as const;
export const adjustmentSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  currency: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.uuid(),
  approvedBy: z.uuid().nullable(),
  requestedAt: z.iso.datetime(),
  appliedAt: z.iso.datetime().nullable(),
  ledgerTransactionId: z.uuid().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentListSchema = pagedListSchema(adjustmentSchema);
/** The adjustments list's sortable columns; the id breaks ties. */
export const ADJUSTMENT_SORTS = ['requestedAt', 'amount'] as const;
export type AdjustmentSort = (typeof ADJUSTMENT_SORTS)[number];
export const adjustmentListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  sort: z.enum(ADJUSTMENT_SORTS).default('requestedAt'),
  order: sortOrderSchema,
});

// ---- Redemptions queue ----

/** The queue's sortable columns (`amount`: in base-currency units); the id breaks ties. */
export const ADMIN_REDEMPTION_SORTS = ['createdAt', 'amount'] as const;
export type AdminRedemptionSort = (typeof ADMIN_REDEMPTION_SORTS)[number];
export const adminRedemptionQueueQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ADMIN_REDEMPTION_SORTS).default('createdAt'),
  order: ascendingSortOrderSchema,
});
export const adminRedemptionSchema = z.object({
  invoiceId: z.uuid(),
  playerId: z.uuid(),
  type: z.number().int().describe('InvoiceType: 2 withdrawal, 4 virtual payout (SC redemption)'),
  status: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  amountBase: z.number().int().describe('In base-currency minor units'),
  paymentMethodId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso
    .datetime()
    .nullable()
    .describe(
      'When an approval asked the provider to send it, with no answer on record yet: only the provider settles it now (no reject); null while it waits for a decision',
    ),
  risk: z.object({
    email: z.string(),
    playerStatus: z.number().int(),
    kycVerified: z.boolean(),
    emailConfirmed: z.boolean(),
    phoneConfirmed: z.boolean(),
    accountCreatedAt: z.iso.datetime(),
    purchasedBase: z.number().int().describe('Completed purchases and deposits, base minor units'),
    redeemedBase: z.number().int().describe('Payouts paid before, base minor units'),
  }),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionListSchema = pagedListSchema(adminRedemptionSchema);
export const adminRedemptionRejectBodySchema = z.object({ reason: staffReasonSchema });
