import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { PurchaseStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  affiliatePixelHits,
  bundlePurchases,
  playerAttributions,
  players,
} from '../../db/schema/index.ts';
import type { AttributionRow } from './attribution.fns.ts';

export type PlayerAttributionRow = typeof playerAttributions.$inferSelect;

/** Players' attribution (player_attributions): only this file touches the table. */
export function createAttributionRepo(db: Database) {
  return {
    /** In the registration's transaction; a second write for the player changes nothing. */
    async insert(tx: Database, playerId: string, row: AttributionRow): Promise<void> {
      await tx
        .insert(playerAttributions)
        .values({ playerId, ...row })
        .onConflictDoNothing({ target: playerAttributions.playerId });
    },

    async find(playerId: string, tx: Database = db) {
      const [row] = await tx
        .select({ attribution: playerAttributions, registeredAt: players.createdAt })
        .from(players)
        .leftJoin(playerAttributions, eq(playerAttributions.playerId, players.id))
        .where(eq(players.id, playerId))
        .limit(1);
      return row;
    },

    /**
     * Players registered in [start, end) by affiliate tag and UTM source, and how many of them
     * have completed a purchase (at any time since): the registration → first purchase funnel.
     */
    funnel(range: { start: Date; end: Date }, tx: Database = db) {
      const purchased = sql<boolean>`exists (select 1 from ${bundlePurchases} where ${bundlePurchases.playerId} = ${players.id} and ${bundlePurchases.status} = ${PurchaseStatus.Completed})`;
      return tx
        .select({
          affiliateTag: playerAttributions.affiliateTag,
          utmSource: playerAttributions.utmSource,
          registrations: sql<number>`count(*)::int`,
          firstPurchases: sql<number>`count(*) filter (where ${purchased})::int`,
        })
        .from(players)
        .leftJoin(playerAttributions, eq(playerAttributions.playerId, players.id))
        .where(and(gte(players.createdAt, range.start), lt(players.createdAt, range.end)))
        .groupBy(playerAttributions.affiliateTag, playerAttributions.utmSource)
        .orderBy(sql`count(*) desc`, playerAttributions.affiliateTag, playerAttributions.utmSource)
        .limit(500);
    },
  };
}
export type AttributionRepo = ReturnType<typeof createAttributionRepo>;

/** The sandbox affiliate host's log (affiliate_pixel_hits). */
export function createPixelHitsRepo(db: Database) {
  return {
    async insert(hit: { offer: string; goal: string; status: string; click: string | null }) {
      await db.insert(affiliatePixelHits).values(hit);
    },
    latest(limit: number) {
      return db
        .select()
        .from(affiliatePixelHits)
        .orderBy(desc(affiliatePixelHits.receivedAt))
        .limit(limit);
    },
  };
}
export type PixelHitsRepo = ReturnType<typeof createPixelHitsRepo>;
