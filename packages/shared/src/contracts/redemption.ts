import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  paymentMethodSchema,
} from './payment.ts';

/** Sweeps Coins are the only redeemable currency; Gold Coins never are (design note §2). */
export const REDEEM_CURRENCY = 'SC';
/** Smallest redemption, minor units of SC (100 SC). */
export const REDEEM_MIN_AMOUNT = 10_000;
/** Redemptions in a calendar year above which a W-9 is needed (IRS reporting), base minor units. */
export const W9_THRESHOLD_BASE_MINOR = 60_000;

/** A segment (spec §3 "Segment"): flags that change behaviour for its members. */
export const segmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itHasPurchases: z.boolean(),
  isForTesting: z.boolean(),
  w9Required: z.boolean(),
  w9Received: z.boolean(),
});
export type Segment = z.infer<typeof segmentSchema>;
export const segmentListSchema = z.object({ data: z.array(segmentSchema) });
export type SegmentList = z.infer<typeof segmentListSchema>;

/** One Sweeps Coins credit and how far it has been played through (1x its amount). */
export const sweepsCreditSchema = z.object({
  id: z.uuid(),
  source: z.enum(['purchase', 'bonus', 'promotion', 'adjustment', 'amoe']),
  amount: z.number().int().describe('SC minor units credited'),
  wagered: z.number().int().describe('SC minor units wagered against it so far (≤ amount)'),
  remaining: z.number().int().describe('amount − wagered: play left before it is redeemable'),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type SweepsCredit = z.infer<typeof sweepsCreditSchema>;

/** GET /api/wallet/redeemable: what can be redeemed now and why the rest cannot. */
export const redeemableSchema = z.object({
  currency: z.literal(REDEEM_CURRENCY),
  balance: z.number().int().describe('SC balance, minor units'),
  redeemable: z.number().int().describe('max(0, balance − play still owed on open credits)'),
  locked: z.number().int().describe('balance − redeemable'),
  held: z.number().int().describe('SC held by pending redemptions'),
  minAmount: z.number().int(),
  credits: z.array(sweepsCreditSchema).describe('Open credits first, oldest first'),
});
export type Redeemable = z.infer<typeof redeemableSchema>;

export const redeemLimitsQuerySchema = z.object({
  userId: z.uuid(),
  amount: z.coerce.number().int().positive().max(1_000_000_000_000),
});
export type RedeemLimitsQuery = z.infer<typeof redeemLimitsQuerySchema>;

export const REDEEM_REFUSALS = [
  'below_minimum',
  'above_redeemable',
  'above_daily_limit',
  'verification_required',
  'w9_required',
  'blocked',
  /** The player's place refuses Sweeps Coins redemptions now (jurisdiction rules, decision 046). */
  'not_allowed_here',
] as const;
export type RedeemRefusal = (typeof REDEEM_REFUSALS)[number];

/** GET /api/redeem-limits?userId&amount: whether this amount may be redeemed now. */
export const redeemLimitsSchema = z.object({
  currency: z.literal(REDEEM_CURRENCY),
  amount: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int().describe('Redeemable now, capped by the daily limit left'),
  dailyLimit: z.number().int(),
  dailyRemaining: z.number().int(),
  w9Required: z.boolean(),
  w9Received: z.boolean(),
  allowed: z.boolean(),
  refusals: z.array(z.enum(REDEEM_REFUSALS)),
});
export type RedeemLimits = z.infer<typeof redeemLimitsSchema>;

/** The w9 modal: a W-9 certification (the TIN is stored only as its last four digits + hash). */
export const w9BodySchema = z.object({
  legalName: z.string().trim().min(2).max(120),
  tin: z.string().regex(/^\d{3}-?\d{2}-?\d{4}$|^\d{2}-?\d{7}$/, 'An SSN or EIN'),
  address: z.string().trim().min(3).max(200),
  city: z.string().trim().min(1).max(100),
  region: z.string().trim().min(2).max(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'A US ZIP code'),
  certify: z.literal(true, { error: 'The certification must be accepted' }),
});
export type W9Body = z.infer<typeof w9BodySchema>;

export const w9StatusSchema = z.object({
  w9Required: z.boolean(),
  w9Received: z.boolean(),
  receivedAt: z.iso.datetime().nullable(),
  tinLast4: z.string().nullable(),
});
export type W9Status = z.infer<typeof w9StatusSchema>;

/** GET /api/payment/methods/withdrawal: the ways a player can be paid (no saved fields yet). */
export const withdrawalMethodListSchema = z.object({ data: z.array(paymentMethodSchema) });
export type WithdrawalMethodList = z.infer<typeof withdrawalMethodListSchema>;

/** POST /api/dev/payouts/{id}/settle (sandbox only): an operator approves or rejects a payout. */
export const settlePayoutBodySchema = z.object({
  outcome: z.enum(['success', 'rejected']),
  reason: z.string().trim().min(1).max(100).optional(),
});
export type SettlePayoutBody = z.infer<typeof settlePayoutBodySchema>;

export const devPlayerParamsSchema = z.object({ id: z.uuid() });

/**
 * POST /api/dev/players/{id}/sweeps-credit (sandbox only): an operator-style SC credit for demos
 * and browser tests. The request key (here or the Idempotency-Key header) makes a retry harmless.
 */
export const devSweepsCreditBodySchema = z.object({
  amount: z.number().int().positive().max(100_000_000).describe('SC minor units'),
  playedThrough: z.boolean().describe('true: redeemable at once (wagered = amount, completed)'),
  requestKey: idempotencyHeadersSchema.shape[IDEMPOTENCY_KEY_HEADER].optional(),
});
export type DevSweepsCreditBody = z.infer<typeof devSweepsCreditBodySchema>;
export const devSweepsCreditHeadersSchema = idempotencyHeadersSchema.partial();
export const devSweepsCreditSchema = z.object({
  transactionId: z.uuid(),
  replayed: z.boolean().describe('true when this request key was credited before'),
  credit: sweepsCreditSchema,
});
export type DevSweepsCredit = z.infer<typeof devSweepsCreditSchema>;

/** What a redemption or withdrawal lacks of full verification (spec §4, §6). */
export const VERIFICATION_STEPS = ['kyc', 'email', 'phone'] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];
