import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { players, segments } from '../../db/schema/index.ts';

export type SegmentRow = typeof segments.$inferSelect;

/** Segments and players' membership (players.segment_ids): only this file touches either. */
export function createSegmentsRepo(db: Database) {
  return {
    list(tx: Database = db): Promise<SegmentRow[]> {
      return tx.select().from(segments).orderBy(asc(segments.id));
    },

    /** Adds the player to a segment; nothing changes when they are in it already. */
    async addPlayer(tx: Database, playerId: string, segmentId: number): Promise<void> {
      await tx
        .update(players)
        .set({
          segmentIds: sql`array_append(${players.segmentIds}, ${segmentId}::int)`,
          updatedAt: new Date(),
        })
        .where(
          sql`${eq(players.id, playerId)} and not (${segmentId}::int = any(${players.segmentIds}))`,
        );
    },
  };
}
export type SegmentsRepo = ReturnType<typeof createSegmentsRepo>;
