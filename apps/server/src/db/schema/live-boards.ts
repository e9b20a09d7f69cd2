import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Settled rounds worth showing on the public boards (modules/live-boards): the activity board
 * (latest wins) and the winners boards per device type and country (latest and top). Written
 * from `game.round.settled` events, once per event (`event_id`), pruned after a few days; the
 * game server's own round records stay the source of truth.
 */
export const liveRounds = pgTable(
  'live_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The domain_events row it came from: a redelivered event is not shown twice. */
    eventId: bigint('event_id', { mode: 'number' }).notNull().unique(),
    roundId: text('round_id').notNull(),
    playerId: uuid('player_id').notNull(),
    nickname: text('nickname').notNull(),
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    currency: text('currency').notNull(),
    bet: bigint('bet', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
    device: text('device').notNull(),
    /** The board's country: the player's, or the default (US) when unknown. */
    country: text('country').notNull(),
    /** payout ≥ WINNER_MIN_MULTIPLIER × bet: shown on the winners boards too. */
    isWinner: boolean('is_winner').notNull().default(false),
    settledAt: timestamptz('settled_at').notNull(),
  },
  (t) => [
    index('live_rounds_settled_idx').on(t.settledAt),
    index('live_rounds_winners_idx')
      .on(t.device, t.country, t.settledAt)
      .where(sql`${t.isWinner}`),
    check('live_rounds_amounts_check', sql`${t.bet} >= 0 and ${t.payout} >= 0`),
  ],
);
