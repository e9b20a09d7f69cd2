import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/**
 * A player's marketing attribution (issue 19, spec §3–§4): the affiliate tag, the tracked UTM and
 * click-id parameters and the A/B funnel of the visit that registered. One row per player, written
 * in the registration's transaction; a table of its own so the players row stays what it is.
 */
export const playerAttributions = pgTable(
  'player_attributions',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    affiliateTag: text('affiliate_tag'),
    utmSource: text('utm_source'),
    /** Every tracked parameter given (utm_*, gad_source, gclid), as sent. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    abGroup: text('ab_group'),
    funnelType: text('funnel_type'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('player_attributions_affiliate_tag_idx').on(t.affiliateTag, t.createdAt),
    index('player_attributions_utm_source_idx').on(t.utmSource, t.createdAt),
  ],
);

/**
 * The sandbox affiliate host's log (decision 019): each affclick pixel the site loaded while
 * SANDBOX is on and no real affiliate host is configured. Read by the operator's dev tools.
 */
export const affiliatePixelHits = pgTable('affiliate_pixel_hits', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  offer: text('offer').notNull(),
  goal: text('goal').notNull(),
  status: text('status').notNull(),
  click: text('click'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
