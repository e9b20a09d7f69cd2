import { z } from 'zod';
import type { GAME_KINDS, GameCurrency } from './game.ts';

type GameKind = (typeof GAME_KINDS)[number];

/**
 * Loyalty levels, sublevels and VIP (issue 15, spec §3 "Retention account", "Loyalty level";
 * §7 Retention GET levels / account). Points are whole numbers; the server keeps thousandths
 * (millipoints) so small stakes still count, and shows the floor.
 *
 * Level names, descriptions and perks per locale come from the `loyalty` content document,
 * keyed by the level's `slug`; `label` here is the English fallback. Seeded ladder (slugs, in
 * order): bronze, silver, gold, platinum, diamond — three sublevels each; platinum and diamond
 * are the VIP levels.
 */

// ---- How points are earned (decision 029; the /loyalty page may show these) ----

/**
 * Whole coins staked per loyalty point, by currency and game kind. Sweeps Coins weigh a
 * thousand times Gold Coins: the shop sells ~1,000 GC and ~1 SC per USD. Within a currency the
 * weight follows what the house keeps: slots (RTP 94.8–96.2%) earn the most per coin, originals
 * (RTP 99%) half of it, table games a quarter (blackjack keeps under 1% with good play).
 * Games take GC and SC only, so no other currency earns points from play.
 */
export const LOYALTY_COINS_PER_POINT: Record<GameCurrency, Record<GameKind, number>> = {
  SC: { slot: 1, original: 2, table: 4 },
  GC: { slot: 1_000, original: 2_000, table: 4_000 },
};

/** Points per whole unit (USD) paid for a completed bundle purchase. */
export const LOYALTY_POINTS_PER_PURCHASE_UNIT = 10;

/** The server's unit of points: thousandths, so a 0.01 SC stake still adds up. */
export const LOYALTY_MILLIPOINTS_PER_POINT = 1_000;

// ---- Levels and sublevels (GET /api/retention/levels; public: guests see the ladder) ----

/**
 * What reaching a sublevel gives once: the `loyalty` bonus definition it issues (coins with
 * the definition's wagering, and/or free spins on one slot). Null: the sublevel gives nothing.
 */
export const loyaltyRewardSchema = z.object({
  bonusSlug: z.string(),
  coins: z.array(z.object({ currency: z.string(), amount: z.number().int().positive() })),
  freeSpins: z
    .object({
      gameIdentity: z.string(),
      gameName: z.string(),
      count: z.number().int().positive(),
      currency: z.string(),
      bet: z.number().int().positive(),
    })
    .nullable(),
  /** Wagering multiplier in tenths (35 = 3.5×) of the coins; 0 is paid as cash. */
  wageringTenths: z.number().int().nonnegative(),
});
export type LoyaltyReward = z.infer<typeof loyaltyRewardSchema>;

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A #rrggbb colour');
/** Site-relative image path (under apps/web/public), e.g. /images/loyalty/gold.svg. */
const imagePathSchema = z.string().startsWith('/');

export const loyaltySublevelSchema = z.object({
  id: z.number().int(),
  /** 1-based within its level. */
  order: z.number().int().positive(),
  label: z.string(),
  bgColor: colorSchema,
  image: imagePathSchema,
  bgImage: imagePathSchema,
  /** Total points at which the sublevel is reached. */
  points: z.number().int().nonnegative(),
  reward: loyaltyRewardSchema.nullable(),
});
export type LoyaltySublevel = z.infer<typeof loyaltySublevelSchema>;

export const loyaltyLevelSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** 1-based; the ladder's order. */
  order: z.number().int().positive(),
  label: z.string(),
  bgColor: colorSchema,
  image: imagePathSchema,
  bgImage: imagePathSchema,
  /** A VIP level: unlocks the benefits of GET /api/retention/vip. */
  vip: z.boolean(),
  sublevels: z.array(loyaltySublevelSchema).min(1),
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevelSchema>;

export const loyaltyLevelListSchema = z.object({ data: z.array(loyaltyLevelSchema) });
export type LoyaltyLevelList = z.infer<typeof loyaltyLevelListSchema>;

/**
 * Where a player stands or what a bonus belongs to: a level and one of its sublevels. Carried
 * by player bonuses and free spins issued as a sublevel's reward (contracts/bonus.ts `loyalty`:
 * spec §4 "a bonus modal shows when the bonus or free spin belongs to a loyalty level sublevel").
 */
export const loyaltySublevelRefSchema = z.object({
  levelId: z.number().int(),
  levelSlug: z.string(),
  levelOrder: z.number().int().positive(),
  levelLabel: z.string(),
  sublevelId: z.number().int(),
  sublevelOrder: z.number().int().positive(),
  sublevelLabel: z.string(),
});
export type LoyaltySublevelRef = z.infer<typeof loyaltySublevelRefSchema>;

// ---- The retention account (GET /api/retention/account; login required) ----

export const retentionAccountSchema = z.object({
  /** Whole points earned in all (they never go down from play). */
  points: z.number().int().nonnegative(),
  /** Spec §3: currentLevel with order. Every player stands on the first sublevel at 0 points. */
  currentLevel: z.object({
    id: z.number().int(),
    slug: z.string(),
    order: z.number().int().positive(),
    label: z.string(),
    vip: z.boolean(),
  }),
  currentSublevel: z.object({
    id: z.number().int(),
    order: z.number().int().positive(),
    label: z.string(),
  }),
  /** The next sublevel (possibly of the next level); null at the top of the ladder. */
  nextSublevel: loyaltySublevelRefSchema.extend({ points: z.number().int() }).nullable(),
  /** Points still to earn to reach `nextSublevel`; null at the top. */
  pointsToNextSublevel: z.number().int().nonnegative().nullable(),
  updatedAt: z.iso.datetime(),
});
export type RetentionAccount = z.infer<typeof retentionAccountSchema>;

/**
 * retention.account.updated (channel retention:accounts#<playerId>): the account after every
 * change; `reached` lists the sublevels this change reached (several when one big stake climbs
 * more than one), lowest first, for the level-up alert. Empty for plain point changes.
 */
export const retentionAccountUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  account: retentionAccountSchema,
  reached: z.array(loyaltySublevelRefSchema),
});
export type RetentionAccountUpdatedEvent = z.infer<typeof retentionAccountUpdatedEventSchema>;

// ---- VIP (GET /api/retention/vip/programme public; GET /api/retention/vip/benefits login) ----

/** What a VIP level gives; enforced where it applies (decision 029). */
export const vipBenefitsSchema = z.object({
  levelId: z.number().int(),
  levelSlug: z.string(),
  levelOrder: z.number().int().positive(),
  levelLabel: z.string(),
  /** The daily login bonus is paid at this percent of its base amount (150 = 1.5×). */
  dailyBonusPercent: z.number().int().min(100),
  /** Percent of the house edge of the player's settled stakes credited back daily. */
  rakebackPercent: z.number().int().min(0).max(100),
  /** A personal host is assigned (contact on GET /api/retention/vip/benefits). */
  personalHost: z.boolean(),
});
export type VipBenefits = z.infer<typeof vipBenefitsSchema>;

/** The VIP programme: the benefits of each VIP level, lowest first. */
export const vipProgrammeSchema = z.object({
  levels: z.array(vipBenefitsSchema),
  /** Hour (UTC, 0–23) the daily rakeback credit runs. */
  rakebackCreditHourUtc: z.number().int().min(0).max(23),
});
export type VipProgramme = z.infer<typeof vipProgrammeSchema>;

export const vipHostSchema = z.object({
  name: z.string(),
  email: z.email(),
  phone: z.string().nullable(),
  /** Free text, e.g. "Mon–Fri 9:00–18:00 ET". */
  hours: z.string(),
});
export type VipHost = z.infer<typeof vipHostSchema>;

/** The player's VIP standing: null benefits when their level is not a VIP level. */
export const playerVipSchema = z.object({
  vip: z.boolean(),
  benefits: vipBenefitsSchema.nullable(),
  /** Rakeback accrued since the last credit, whole minor units per currency (not yet paid). */
  rakebackAccrued: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  /** When the next daily credit runs. */
  nextRakebackAt: z.iso.datetime(),
  /** The host's contact; null unless the level has a personal host. */
  host: vipHostSchema.nullable(),
});
export type PlayerVip = z.infer<typeof playerVipSchema>;

/** The bonus definition slug the daily rakeback is issued as (a `loyalty` bonus, claimable). */
export const RAKEBACK_BONUS_SLUG = 'vip-rakeback';
