import { z } from 'zod';
import { staffReasonSchema } from './admin.ts';

/**
 * The back office's loyalty ladder (issue 17, decision 057): levels' looks and their sublevels'
 * looks, thresholds and rewards. Every change carries the reason the audit keeps.
 */

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A #rrggbb colour');
/** Site-relative image path (under apps/web/public), as the player's ladder shows it. */
const imagePathSchema = z.string().trim().startsWith('/', 'A site path starting with /').max(500);
const labelSchema = z.string().trim().min(1).max(60);

const looksSchema = z.object({
  label: labelSchema,
  bgColor: colorSchema,
  image: imagePathSchema,
  bgImage: imagePathSchema,
});

export const adminLoyaltySublevelSchema = looksSchema.extend({
  id: z.number().int(),
  levelId: z.number().int(),
  order: z.number().int().positive(),
  points: z.number().int().nonnegative(),
  rewardSlug: z.string().nullable().describe('The bonus definition issued once on reaching it'),
  holders: z.number().int().describe('Players whose highest sublevel reached is this one'),
});
export type AdminLoyaltySublevel = z.infer<typeof adminLoyaltySublevelSchema>;

export const adminLoyaltyLevelSchema = looksSchema.extend({
  id: z.number().int(),
  slug: z.string(),
  order: z.number().int().positive(),
  vip: z.boolean(),
  dailyBonusPercent: z
    .number()
    .int()
    .describe('Daily login bonus paid at this percent of its base'),
  rakebackPercent: z.number().int().describe('Percent of the house edge of cash stakes paid back'),
  personalHost: z.boolean(),
  sublevels: z.array(adminLoyaltySublevelSchema),
});
export type AdminLoyaltyLevel = z.infer<typeof adminLoyaltyLevelSchema>;

export const adminLoyaltyLadderSchema = z.object({ data: z.array(adminLoyaltyLevelSchema) });
export type AdminLoyaltyLadder = z.infer<typeof adminLoyaltyLadderSchema>;

/** A level's slug: what the player site's content names it by (decision 066). */
export const loyaltyLevelSlugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes')
  .min(2)
  .max(40);

/**
 * A level's looks, and optionally its slug and its place on the ladder (decision 066): absent,
 * they stay. `order` is the 1-based place the level moves to; the others close up around it.
 */
export const adminLoyaltyLevelBodySchema = looksSchema.extend({
  slug: loyaltyLevelSlugSchema.optional(),
  order: z.number().int().positive().max(100).optional().describe('1-based place on the ladder'),
  reason: staffReasonSchema,
});
export type AdminLoyaltyLevelBody = z.infer<typeof adminLoyaltyLevelBodySchema>;

/** Bounds of a level's VIP benefits (decision 061): at most 5× the daily bonus, half the edge. */
export const VIP_DAILY_BONUS_PERCENT_MAX = 500;
export const VIP_RAKEBACK_PERCENT_MAX = 50;

/**
 * A level's VIP benefits (decision 061). A level that is not VIP carries none: daily bonus at
 * 100 %, no rakeback, no host (400 naming the field otherwise) — the player site shows benefits
 * for VIP levels only, so a benefit elsewhere would pay unseen.
 */
export const adminLoyaltyBenefitsBodySchema = z
  .object({
    vip: z.boolean(),
    dailyBonusPercent: z
      .number()
      .int()
      .min(100, 'At least 100 (the base bonus)')
      .max(VIP_DAILY_BONUS_PERCENT_MAX),
    rakebackPercent: z.number().int().min(0).max(VIP_RAKEBACK_PERCENT_MAX),
    personalHost: z.boolean(),
    reason: staffReasonSchema,
  })
  .superRefine((b, ctx) => {
    if (b.vip) return;
    const none = 'Only a VIP level has this benefit';
    if (b.dailyBonusPercent !== 100) {
      ctx.addIssue({ code: 'custom', message: `${none}: 100`, path: ['dailyBonusPercent'] });
    }
    if (b.rakebackPercent !== 0) {
      ctx.addIssue({ code: 'custom', message: `${none}: 0`, path: ['rakebackPercent'] });
    }
    if (b.personalHost) ctx.addIssue({ code: 'custom', message: none, path: ['personalHost'] });
  });
export type AdminLoyaltyBenefitsBody = z.infer<typeof adminLoyaltyBenefitsBodySchema>;

export const adminLoyaltySublevelBodySchema = looksSchema.extend({
  order: z.number().int().positive().max(100).describe('1-based within its level'),
  points: z
    .number()
    .int()
    .nonnegative()
    .max(2_000_000_000)
    .describe('Whole points; strictly growing along the ladder'),
  rewardSlug: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .nullable()
    .describe('An existing bonus definition, issued once on reaching the sublevel; null: none'),
  reason: staffReasonSchema,
});
export type AdminLoyaltySublevelBody = z.infer<typeof adminLoyaltySublevelBodySchema>;

export const adminLoyaltySublevelCreateBodySchema = adminLoyaltySublevelBodySchema.extend({
  levelId: z.number().int().positive(),
});
export type AdminLoyaltySublevelCreateBody = z.infer<typeof adminLoyaltySublevelCreateBodySchema>;

export const adminReasonBodySchema = z.object({ reason: staffReasonSchema });
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;
