import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RealityCheckAction, RealityCheckInterval } from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/**
 * The reality-check interval a player chose (issue 16, decision 036); no row: checks are off.
 * `updated_at` matters: a check switched on in the middle of a play session first comes one
 * interval after that.
 */
export const playerRealityChecks = pgTable(
  'player_reality_checks',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    intervalMinutes: smallint('interval_minutes').$type<RealityCheckInterval>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('player_reality_checks_interval_check', sql`${t.intervalMinutes} in (15, 30, 45, 60)`),
  ],
);

/**
 * Every answer to a reality check, kept as the record of what the player was shown and chose.
 * The play session is named by its start; one answer per check (the check's due time), so two
 * tabs answering the same check record it once.
 */
export const realityCheckAnswers = pgTable(
  'reality_check_answers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    sessionStartedAt: timestamptz('session_started_at').notNull(),
    checkAt: timestamptz('check_at').notNull(),
    action: text('action').$type<RealityCheckAction>().notNull(),
    /** Seconds the session had lasted at the answer (server time). */
    playedSeconds: integer('played_seconds').notNull(),
    answeredAt: timestamptz('answered_at').notNull(),
  },
  (t) => [
    uniqueIndex('reality_check_answers_check_key').on(t.playerId, t.sessionStartedAt, t.checkAt),
    check(
      'reality_check_answers_action_check',
      sql`${t.action} in ('continue', 'stop', 'set-limit')`,
    ),
  ],
);
