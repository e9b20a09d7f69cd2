import { z } from 'zod';
import { PlayerStatus } from '../constants.ts';
import { staffReasonSchema } from './admin.ts';
import { adminProtectionSchema } from './admin-protection.ts';
import { GAME_CURRENCIES } from './game.ts';
import { pagedListSchema, pageQuerySchema } from './player.ts';

/** The back office's player work (issue 17): search, profile, status, balance adjustments. */

export const adminPlayerSearchQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .describe(
      'An id (exact), an email or its beginning (has @ or is a prefix), a phone (+ and digits, exact) or a nickname prefix',
    ),
  status: z.coerce
    .number()
    .int()
    .refine((n) => (Object.values(PlayerStatus) as number[]).includes(n), 'Unknown status')
    .optional(),
});
export type AdminPlayerSearchQuery = z.infer<typeof adminPlayerSearchQuerySchema>;

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

export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
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
export const adjustmentListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
});

// ---- Redemptions queue ----

export const adminRedemptionQueueQuerySchema = pageQuerySchema;
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
