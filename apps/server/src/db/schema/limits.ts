import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import type { LimitPeriod, LimitType } from '@coinfall/shared';
import { players } from './player.ts';

/**
 * Responsible-gaming limits: one per (player, type, period). A raise waits in pending_amount until
 * effective_at; a removal waits until removes_at. Both are settled lazily when next read.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text('type').$type<LimitType>().notNull(),
    period: text('period').$type<LimitPeriod>().notNull(),
    currency: text('currency').notNull(),
    /** Minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    effectiveAt: timestamptz('effective_at'),
    removesAt: timestamptz('removes_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_limits_player_type_period_key').on(t.playerId, t.type, t.period),
    check(
      'player_limits_type_check',
      sql`${t.type} in ('purchase', 'loss', 'wager', 'session-time')`,
    ),
    check('player_limits_period_check', sql`${t.period} in ('day', 'week', 'month')`),
    check('player_limits_amount_check', sql`${t.amount} > 0`),
    check(
      'player_limits_pending_check',
      sql`(${t.pendingAmount} is null) = (${t.effectiveAt} is null)`,
    ),
  ],
);
