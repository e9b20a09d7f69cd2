import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProtectionKind } from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/**
 * Breaks and self-exclusions (issue 16, decision 030): one row per one the player took, never
 * deleted nor shortened. `ends_at` is null for an indefinite exclusion until its lift is asked
 * for, which sets `lifts_at` (the end, after the cooling period). What the doors check is the
 * player's `excluded_until`, kept in the same transaction as these rows.
 */
export const playerProtections = pgTable(
  'player_protections',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProtectionKind>().notNull(),
    /** '7d' for a break of 7 days, or the exclusion's period ('6m', '1y', …, 'indefinite'). */
    duration: text('duration').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at'),
    liftRequestedAt: timestamptz('lift_requested_at'),
    liftsAt: timestamptz('lifts_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('player_protections_player_idx').on(t.playerId, t.startsAt),
    check('player_protections_kind_check', sql`${t.kind} in ('break', 'exclusion')`),
    check(
      'player_protections_end_check',
      sql`${t.endsAt} is not null or (${t.kind} = 'exclusion' and ${t.duration} = 'indefinite')`,
    ),
  ],
);

/**
 * Where Sweeps Coins may be played, purchase bonuses given and prizes redeemed (issue 16): one
 * row per place and date it took effect. `region` is a state code ('CA'), or '' for the whole
 * country; the row in force for a place is its latest `effective_from` not in the future, the
 * state's before the country's. No row: allowed. Data, seeded by migration 0023 and edited by the
 * operator (back office).
 */
export const jurisdictionRules = pgTable(
  'jurisdiction_rules',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    sweepsPlay: boolean('sweeps_play').notNull(),
    purchaseBonuses: boolean('purchase_bonuses').notNull(),
    redemptions: boolean('redemptions').notNull(),
    effectiveFrom: timestamptz('effective_from').notNull(),
    /** After Sweeps Coins play stops, redemptions stay open until this time (the wind-down). */
    redemptionWindDownUntil: timestamptz('redemption_wind_down_until'),
    note: text('note').notNull().default(''),
    /** The youngest age allowed to play there (migration 0025): 18 unless the operator says more. */
    minAge: integer('min_age').notNull().default(18),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jurisdiction_rules_place_from_key').on(t.country, t.region, t.effectiveFrom),
    check('jurisdiction_rules_min_age_check', sql`${t.minAge} between 18 and 25`),
  ],
);
