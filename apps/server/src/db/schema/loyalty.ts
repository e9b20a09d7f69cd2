import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { currencies } from './core.ts';
import { players } from './player.ts';

/**
 * The loyalty ladder (issue 15, decision 029): levels in order, each with its VIP benefits.
 * Data, seeded; the back office edits it later. Names per locale come from the `loyalty`
 * content document by `slug`.
 */
export const loyaltyLevels = pgTable(
  'loyalty_levels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    bgColor: text('bg_color').notNull(),
    image: text('image').notNull(),
    bgImage: text('bg_image').notNull(),
    vip: boolean('vip').notNull().default(false),
    /** The daily login bonus is paid at this percent of its base (VIP; 100 elsewhere). */
    dailyBonusPercent: smallint('daily_bonus_percent').notNull().default(100),
    /** Percent of the house edge of cash stakes credited back daily. */
    rakebackPercent: smallint('rakeback_percent').notNull().default(0),
    personalHost: boolean('personal_host').notNull().default(false),
  },
  (t) => [
    uniqueIndex('loyalty_levels_slug_key').on(t.slug),
    uniqueIndex('loyalty_levels_position_key').on(t.position),
    check(
      'loyalty_levels_benefits_check',
      sql`${t.dailyBonusPercent} >= 100 and ${t.rakebackPercent} between 0 and 100`,
    ),
  ],
);

/** The sublevels of a level, each reached at a total of points, with its reward once. */
export const loyaltySublevels = pgTable(
  'loyalty_sublevels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    levelId: integer('level_id')
      .notNull()
      .references(() => loyaltyLevels.id),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    bgColor: text('bg_color').notNull(),
    image: text('image').notNull(),
    bgImage: text('bg_image').notNull(),
    /** Whole points at which it is reached; strictly growing along the ladder. */
    points: integer('points').notNull(),
    /** The `loyalty` bonus definition issued once on reaching it; null: no reward. */
    rewardSlug: text('reward_slug'),
  },
  (t) => [
    uniqueIndex('loyalty_sublevels_position_key').on(t.levelId, t.position),
    uniqueIndex('loyalty_sublevels_points_key').on(t.points),
    check('loyalty_sublevels_points_check', sql`${t.points} >= 0`),
  ],
);

/**
 * A player's retention account (spec §3): points in thousandths, and the highest sublevel
 * reached — rewards are issued for every sublevel between the old and the new one. Created on
 * the first points.
 */
export const retentionAccounts = pgTable(
  'retention_accounts',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id),
    millipoints: bigint('millipoints', { mode: 'number' }).notNull().default(0),
    sublevelId: integer('sublevel_id').references(() => loyaltySublevels.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('retention_accounts_points_check', sql`${t.millipoints} >= 0`)],
);

/**
 * Points given by a source that may repeat (a purchase event, a quest reward): once per
 * (player, source key). Rounds are counted once by the exactly-once consumer instead.
 */
export const loyaltyPointAwards = pgTable(
  'loyalty_point_awards',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    sourceKey: text('source_key').notNull(),
    millipoints: bigint('millipoints', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.sourceKey] })],
);

/**
 * VIP rakeback accrued per player and currency, in millionths of a minor unit (stake × edge
 * basis points × percent), until the daily credit pays the whole minor units as a bonus.
 */
export const vipRakeback = pgTable(
  'vip_rakeback',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    accruedMicro: bigint('accrued_micro', { mode: 'number' }).notNull().default(0),
    /** The UTC day of the last credit: one credit per day, whichever node runs it. */
    creditedOn: date('credited_on'),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.currency] }),
    index('vip_rakeback_due_idx')
      .on(t.accruedMicro)
      .where(sql`${t.accruedMicro} >= 1000000`),
    check('vip_rakeback_accrued_check', sql`${t.accruedMicro} >= 0`),
  ],
);
