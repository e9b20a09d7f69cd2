import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BonusActivation,
  BonusContributions,
  BonusEligibility,
  BonusKind,
  BonusReward,
  FreeSpinsReward,
  LoyaltySublevelRef,
} from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { currencies } from './core.ts';
import { games } from './games.ts';
import { players } from './player.ts';

/**
 * A campaign that gives coins away (issue 14): what it gives, on what terms, to whom, how often,
 * within what budget. Data, seeded with the demo campaigns; the back office edits it later. A
 * player bonus copies the terms it was issued with, so an edit never changes a bonus already held.
 */
export const bonusDefinitions = pgTable(
  'bonus_definitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stable name used by code and content (`welcome`, `daily-login`, …). */
    slug: text('slug').notNull(),
    kind: text('kind').$type<BonusKind>().notNull(),
    /** One line per currency; each becomes its own player bonus (one active per currency). */
    rewards: jsonb('rewards').$type<BonusReward[]>().notNull().default([]),
    freeSpins: jsonb('free_spins').$type<FreeSpinsReward | null>(),
    /** Wagering multiplier in tenths (35 = 3.5×); 0 pays the reward as cash at once. */
    wageringTenths: integer('wagering_tenths').notNull().default(0),
    /** Percent of a stake that counts toward wagering, by game kind (slot, original, table). */
    contributions: jsonb('contributions').$type<BonusContributions>().notNull(),
    /** Largest stake while the bonus is active, per currency, minor units. */
    maxBet: jsonb('max_bet').$type<Record<string, number>>().notNull().default({}),
    activation: text('activation').$type<BonusActivation>().notNull().default('auto'),
    /** An issued bonus not activated within this many hours expires. */
    activateWithinHours: integer('activate_within_hours').notNull().default(168),
    /** An active bonus whose wagering is not done within this many hours expires. */
    completeWithinHours: integer('complete_within_hours').notNull().default(168),
    claimFrom: timestamptz('claim_from'),
    claimUntil: timestamptz('claim_until'),
    eligibility: jsonb('eligibility').$type<BonusEligibility>().notNull().default({}),
    /** How many times this campaign may be given in all (its budget: cap × reward); null: no cap. */
    claimCap: integer('claim_cap'),
    claims: integer('claims').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_definitions_slug_key').on(t.slug),
    check('bonus_definitions_wagering_check', sql`${t.wageringTenths} >= 0`),
    check(
      'bonus_definitions_claims_check',
      sql`${t.claims} >= 0 and (${t.claimCap} is null or ${t.claims} <= ${t.claimCap})`,
    ),
  ],
);

/**
 * A bonus a player holds (spec §3 "Player bonus", statuses and results of §4). Its money sits in
 * the player's bonus ledger account of `currency` (owner_kind 'bonus'), never in the cash
 * account, until wagering completes. At most one active bonus per player and currency.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonusDefinitions.id),
    /** BonusStatus: 1 issued, 2 active, 3 finished. */
    status: smallint('status').notNull().default(1),
    /** BonusResult once finished: 2 played, 3 canceled, 4 expired, 5 lost. */
    result: smallint('result'),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** What was granted, minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'number' }),
    contributions: jsonb('contributions').$type<BonusContributions>().notNull(),
    /** What issued it (`registration`, `daily:2026-11-26`, `code:…`, `purchase:<id>`…): once each. */
    source: text('source').notNull(),
    /** The loyalty sublevel this bonus rewards (copied at issue, decision 029); null otherwise. */
    loyalty: jsonb('loyalty').$type<LoyaltySublevelRef>(),
    /** The deadline of the current status: to activate when issued, to complete when active. */
    expiresAt: timestamptz('expires_at').notNull(),
    completeWithinHours: integer('complete_within_hours').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    activatedAt: timestamptz('activated_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('player_bonuses_source_key').on(t.playerId, t.bonusId, t.currency, t.source),
    uniqueIndex('player_bonuses_one_active_key')
      .on(t.playerId, t.currency)
      .where(sql`${t.status} = 2`),
    index('player_bonuses_player_idx').on(t.playerId, t.status),
    index('player_bonuses_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in (1, 2)`),
    check('player_bonuses_status_check', sql`${t.status} in (1, 2, 3)`),
    check(
      'player_bonuses_result_check',
      sql`(${t.status} = 3) = (${t.result} is not null) and (${t.result} is null or ${t.result} in (2, 3, 4, 5))`,
    ),
    check(
      'player_bonuses_amounts_check',
      sql`${t.amount} > 0 and ${t.wagered} >= 0 and ${t.wageringRequired} >= 0`,
    ),
  ],
);

/**
 * Free spins a player holds on one slot (spec §3 "Player free spin"): `count` spins at `bet`
 * each, consumed by the game server; their wins add up in `won` and are paid when the last spin
 * settles — as a bonus with wagering or as cash, as the definition said (`payout`).
 */
export const playerFreeSpins = pgTable(
  'player_freespins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonusDefinitions.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    /** FreeSpinStatus: 1 issued, 2 active, 3 finished. */
    status: smallint('status').notNull().default(1),
    /** FreeSpinResult once finished: 2 played, 3 canceled, 4 expired. */
    result: smallint('result'),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    count: integer('count').notNull(),
    used: integer('used').notNull().default(0),
    /** The stake each spin plays (paid by the house), minor units. */
    bet: bigint('bet', { mode: 'number' }).notNull(),
    won: bigint('won', { mode: 'number' }).notNull().default(0),
    payout: text('payout').$type<FreeSpinsReward['payout']>().notNull(),
    source: text('source').notNull(),
    /** The loyalty sublevel these spins reward (copied at issue, decision 029); null otherwise. */
    loyalty: jsonb('loyalty').$type<LoyaltySublevelRef>(),
    expiresAt: timestamptz('expires_at').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    activatedAt: timestamptz('activated_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('player_freespins_source_key').on(t.playerId, t.bonusId, t.source),
    index('player_freespins_player_idx').on(t.playerId, t.status),
    index('player_freespins_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in (1, 2)`),
    check('player_freespins_status_check', sql`${t.status} in (1, 2, 3)`),
    check(
      'player_freespins_result_check',
      sql`(${t.status} = 3) = (${t.result} is not null) and (${t.result} is null or ${t.result} in (2, 3, 4))`,
    ),
    check(
      'player_freespins_counts_check',
      sql`${t.count} > 0 and ${t.used} between 0 and ${t.count} and ${t.bet} > 0 and ${t.won} >= 0`,
    ),
  ],
);

/**
 * A code a player types (spec §7 bonuscodes). Case-sensitive; claims capped first come first
 * served (the conditional `claims + 1` update); once per player (`player_bonus_codes`).
 */
export const bonusCodes = pgTable(
  'bonus_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonusDefinitions.id),
    /** BonusCodeTrigger: where the code may be entered (registration, purchase, profile). */
    trigger: smallint('trigger').notNull(),
    claimCap: integer('claim_cap'),
    claims: integer('claims').notNull().default(0),
    startsAt: timestamptz('starts_at'),
    expiresAt: timestamptz('expires_at'),
    eligibility: jsonb('eligibility').$type<BonusEligibility>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_codes_code_key').on(t.code),
    check(
      'bonus_codes_claims_check',
      sql`${t.claims} >= 0 and (${t.claimCap} is null or ${t.claims} <= ${t.claimCap})`,
    ),
  ],
);

/**
 * A code a player entered: pending until its trigger happens (a purchase's success), then
 * applied; a pending one may be removed. One live row per player and code.
 */
export const playerBonusCodes = pgTable(
  'player_bonus_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    codeId: integer('code_id')
      .notNull()
      .references(() => bonusCodes.id),
    trigger: smallint('trigger').notNull(),
    state: text('state').$type<'pending' | 'applied' | 'removed'>().notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    appliedAt: timestamptz('applied_at'),
  },
  (t) => [
    uniqueIndex('player_bonus_codes_once_key')
      .on(t.playerId, t.codeId)
      .where(sql`${t.state} <> 'removed'`),
    check('player_bonus_codes_state_check', sql`${t.state} in ('pending', 'applied', 'removed')`),
  ],
);

/** The daily login bonus's streak per player (daily-bonus.fns.ts). */
export const dailyBonusClaims = pgTable('daily_bonus_claims', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id),
  lastClaimAt: timestamptz('last_claim_at').notNull(),
  streak: integer('streak').notNull(),
});
