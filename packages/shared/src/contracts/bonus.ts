import { z } from 'zod';
import {
  BonusCodeStatus,
  BonusCodeTrigger,
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
} from '../constants.ts';
import { loyaltySublevelRefSchema } from './loyalty.ts';
import { numberListQuery, pagedListSchema } from './player.ts';
import { serialIdParamSchema } from './serial-id.ts';

/**
 * The bonus engine's contract (issue 14, spec §3/§4/§7 "Bonus"). Amounts are integer minor
 * units of the bonus's currency (GC and SC: hundredths of a coin).
 */

/**
 * What every new player receives at registration (the seeded `welcome` campaign), minor units:
 * 10,000 Gold Coins and 2 free Sweeps Coins, paid as cash (the SC with the 1× playthrough of
 * every Sweeps Coins credit). The seed, the tests and the browser tests read it here.
 */
export const WELCOME_COINS = { GC: 1_000_000, SC: 200 } as const;

// ---- Definitions (data the operator edits; the terms a player bonus copies) ----

export const BONUS_KINDS = [
  'welcome',
  'daily',
  'match',
  'no-deposit',
  'reload',
  'loyalty',
  'code',
] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** `auto`: active on issue; `manual`: the player presses "activate". */
export type BonusActivation = 'auto' | 'manual';

/** What one reward line gives in one currency: a fixed amount, or a percentage match capped. */
export const bonusRewardSchema = z.union([
  z.object({
    currency: z.string().min(2).max(5),
    amount: z.number().int().positive(),
    /** The daily bonus: the amount of each streak day (day 1 first); the last step repeats. */
    steps: z.array(z.number().int().positive()).min(1).optional(),
  }),
  z.object({
    currency: z.string().min(2).max(5),
    percent: z.number().int().min(1).max(1000),
    cap: z.number().int().positive(),
  }),
]);
export type BonusReward = z.infer<typeof bonusRewardSchema>;

/** Free spins on one named slot; their wins are paid as a bonus (with wagering) or as cash. */
export const freeSpinsRewardSchema = z.object({
  gameIdentity: z.string().min(1),
  count: z.number().int().min(1).max(1000),
  currency: z.string().min(2).max(5),
  bet: z.number().int().positive(),
  payout: z.enum(['bonus', 'cash']),
});
export type FreeSpinsReward = z.infer<typeof freeSpinsRewardSchema>;

/** Percent (0–100) of a stake that counts toward wagering, by game kind. */
export const bonusContributionsSchema = z.object({
  slot: z.number().int().min(0).max(100),
  original: z.number().int().min(0).max(100),
  table: z.number().int().min(0).max(100),
});
export type BonusContributions = z.infer<typeof bonusContributionsSchema>;

/** Who may receive a bonus or use a code; every listed condition must hold. */
export const bonusEligibilitySchema = z.object({
  segmentIds: z.array(z.number().int()).optional(),
  countries: z.array(z.string().length(2)).optional(),
  /** Registered within this many days. */
  newPlayersWithinDays: z.number().int().positive().optional(),
  purchasersOnly: z.boolean().optional(),
  /** Wagered at least `minimum` (minor units of `currency`) in the last `days` days. */
  wagered: z
    .object({
      currency: z.string(),
      minimum: z.number().int().positive(),
      days: z.number().int().positive(),
    })
    .optional(),
  /** `player`: once ever; `day`: once per UTC day. Absent: no repeat limit beyond the source. */
  oncePer: z.enum(['player', 'day']).optional(),
});
export type BonusEligibility = z.infer<typeof bonusEligibilitySchema>;

// ---- Player bonuses and free spins (GET/PUT /api/game/player-bonuses, /player-freespins) ----

const bonusStatus = z.union([
  z.literal(BonusStatus.Issued),
  z.literal(BonusStatus.Active),
  z.literal(BonusStatus.Finished),
]);
const bonusResult = z.union([
  z.literal(BonusResult.Played),
  z.literal(BonusResult.Canceled),
  z.literal(BonusResult.Expired),
  z.literal(BonusResult.Lost),
]);

export const playerBonusSchema = z.object({
  id: z.number().int(),
  bonusId: z.number().int(),
  /** The definition's slug: the site names the bonus from content by it. */
  bonusSlug: z.string(),
  kind: z.enum(BONUS_KINDS),
  status: bonusStatus,
  result: bonusResult.nullable(),
  currency: z.string(),
  amount: z.number().int(),
  /** What remains in the bonus balance (active bonuses); 0 otherwise. */
  balance: z.number().int(),
  wagered: z.number().int(),
  wageringRequired: z.number().int(),
  maxBet: z.number().int().nullable(),
  contributions: bonusContributionsSchema,
  /** Deadline to activate (issued) or to complete (active); null once finished. */
  expiresAt: z.iso.datetime().nullable(),
  issuedAt: z.iso.datetime(),
  activatedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** Present when the bonus is a loyalty sublevel's reward (spec §4: the bonus modal shows). */
  loyalty: loyaltySublevelRefSchema.optional(),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;
export const playerBonusListSchema = pagedListSchema(playerBonusSchema);
export type PlayerBonusList = z.infer<typeof playerBonusListSchema>;

const freeSpinStatus = z.union([
  z.literal(FreeSpinStatus.Issued),
  z.literal(FreeSpinStatus.Active),
  z.literal(FreeSpinStatus.Finished),
]);
const freeSpinResult = z.union([
  z.literal(FreeSpinResult.Played),
  z.literal(FreeSpinResult.Canceled),
  z.literal(FreeSpinResult.Expired),
]);

export const playerFreeSpinSchema = z.object({
  id: z.number().int(),
  bonusId: z.number().int(),
  gameId: z.number().int(),
  game: z.object({ identity: z.string(), name: z.string() }),
  count: z.number().int(),
  used: z.number().int(),
  bet: z.number().int(),
  won: z.number().int(),
  payout: z.enum(['bonus', 'cash']),
  currency: z.string(),
  status: freeSpinStatus,
  result: freeSpinResult.nullable(),
  expiresAt: z.iso.datetime().nullable(),
  issuedAt: z.iso.datetime(),
  activatedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** Present when the free spins are a loyalty sublevel's reward (spec §4: the modal shows). */
  loyalty: loyaltySublevelRefSchema.optional(),
});
export type PlayerFreeSpin = z.infer<typeof playerFreeSpinSchema>;
export const playerFreeSpinListSchema = pagedListSchema(playerFreeSpinSchema);
export type PlayerFreeSpinList = z.infer<typeof playerFreeSpinListSchema>;

/** Spec §9: the free-spins list is read 9 at a time. */
export const FREE_SPINS_PAGE_SIZE = 9;

export const playerBonusListQuerySchema = z.object({
  status: numberListQuery(Object.values(BonusStatus), 'bonus status'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type PlayerBonusListQuery = z.infer<typeof playerBonusListQuerySchema>;

export const playerFreeSpinListQuerySchema = z.object({
  status: numberListQuery(Object.values(FreeSpinStatus), 'free-spin status'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(FREE_SPINS_PAGE_SIZE),
});
export type PlayerFreeSpinListQuery = z.infer<typeof playerFreeSpinListQuerySchema>;

export const playerBonusIdParamsSchema = z.object({ id: serialIdParamSchema });

// ---- Bonus codes (GET/POST/DELETE /api/game/bonuses/bonuscodes) ----

const triggerValues = Object.values(BonusCodeTrigger);
const bonusCodeTrigger = z.coerce
  .number()
  .int()
  .refine((n) => triggerValues.includes(n as never), 'Unknown bonus code trigger');

/** A code the player entered: pending until its trigger (a purchase) succeeds, or applied. */
export const playerBonusCodeSchema = z.object({
  playerBonusCodeId: z.number().int(),
  bonusCode: z.string(),
  trigger: z.number().int(),
  state: z.enum(['pending', 'applied']),
  createdAt: z.iso.datetime(),
  appliedAt: z.iso.datetime().nullable(),
});
export type PlayerBonusCode = z.infer<typeof playerBonusCodeSchema>;

/** `trigger` filters by where it was entered; `type=3` is the spec's name for trigger 3. */
export const bonusCodeListQuerySchema = z.object({
  trigger: bonusCodeTrigger.optional(),
  type: bonusCodeTrigger.optional(),
});
export const bonusCodeListSchema = z.object({ data: z.array(playerBonusCodeSchema) });
export type BonusCodeList = z.infer<typeof bonusCodeListSchema>;

/** Codes are case-sensitive: sent as typed, only surrounding spaces trimmed. */
export const claimBonusCodeBodySchema = z.object({
  bonusCode: z.string().trim().min(1).max(64),
  trigger: bonusCodeTrigger,
});
export type ClaimBonusCodeBody = z.infer<typeof claimBonusCodeBodySchema>;

export const removeBonusCodeQuerySchema = z.object({ playerBonusCodeId: serialIdParamSchema });

/**
 * A refused code answers 409 CONFLICT with `details.bonusCodeStatus` (spec §4: 3 incorrect — no
 * such code; 4 not available — expired, used up, used by you already, or not for you) and the
 * reason in the message; the site shows bonusCodeIncorrect / bonusCodeNotAvailable.
 */
export const bonusCodeRefusalDetailsSchema = z.object({
  bonusCodeStatus: z.union([
    z.literal(BonusCodeStatus.Incorrect),
    z.literal(BonusCodeStatus.NotAvailable),
  ]),
});

// ---- Daily login bonus ----

export const dailyBonusStateSchema = z.object({
  claimable: z.boolean(),
  /** The streak the next claim makes (claimable) or the one held (not claimable). */
  streak: z.number().int(),
  /** What the next claim gives, per currency, minor units. */
  rewards: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  nextClaimAt: z.iso.datetime().nullable(),
});
export type DailyBonusState = z.infer<typeof dailyBonusStateSchema>;

/** POST /api/game/bonuses/daily: what the claim paid and the state after it. */
export const dailyBonusClaimSchema = z.object({
  claimed: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  state: dailyBonusStateSchema,
});
export type DailyBonusClaim = z.infer<typeof dailyBonusClaimSchema>;

// ---- Realtime (bonus:player-bonuses#id, bonus:player-freespins#id, bonus:player-bonus-codes#id) ----

/** bonus.player-bonus.updated: a player bonus changed; the site's list follows spec §4's rule. */
export const playerBonusUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  bonus: playerBonusSchema,
});
export type PlayerBonusUpdatedEvent = z.infer<typeof playerBonusUpdatedEventSchema>;

export const playerFreeSpinUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  freeSpin: playerFreeSpinSchema,
});
export type PlayerFreeSpinUpdatedEvent = z.infer<typeof playerFreeSpinUpdatedEventSchema>;

export const playerBonusCodeUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  /** Null with `removedId` when the player removed a pending code. */
  code: playerBonusCodeSchema.nullable(),
  removedId: z.number().int().nullable(),
});
export type PlayerBonusCodeUpdatedEvent = z.infer<typeof playerBonusCodeUpdatedEventSchema>;
