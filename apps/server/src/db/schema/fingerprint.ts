import { integer, pgTable, primaryKey, text, uuid, index } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/**
 * Device links (issue 19, decision 049): a browser's FingerprintJS visitor id seen with a signed-in
 * player. One row per (visitor, player) pair, upserted by `GET /api/fp`: first and last seen and
 * how many sessions reported it. Players sharing a visitor id share a device (multi-accounting).
 */
export const deviceLinks = pgTable(
  'device_links',
  {
    visitorId: text('visitor_id').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    seenCount: integer('seen_count').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.visitorId, t.playerId] }),
    // A player's devices (profile, welcome check); the primary key serves visitor → players.
    index('device_links_player_idx').on(t.playerId),
  ],
);

/**
 * Welcome coins that wait for the device (decision 049): with the fingerprint on, registration
 * writes a row here instead of granting them; the player's first fingerprint decides (`granted`,
 * or `refused` when another player on the device already had them). Kept as the operator's record.
 */
export const welcomeDeviceChecks = pgTable('welcome_device_checks', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  decidedAt: timestamptz('decided_at'),
  /** null while waiting; `granted` or `refused`. */
  outcome: text('outcome'),
  /** The device that decided it. */
  visitorId: text('visitor_id'),
});
