import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { players } from '../../db/schema/index.ts';
import type { Payer } from './payer.fns.ts';

const payerColumns = {
  id: players.id,
  email: players.email,
  nickname: players.nickname,
  status: players.status,
  segmentIds: players.segmentIds,
};

/** The player as payments read and change them: status, segments, the row lock. */
export function createPayerRepo(db: Database) {
  return {
    async find(playerId: string, tx: Database = db): Promise<Payer | undefined> {
      const [row] = await tx.select(payerColumns).from(players).where(eq(players.id, playerId));
      return row;
    },

    /** Locks the player row until commit: every money change of one player queues here. */
    async lock(tx: Database, playerId: string): Promise<Payer | undefined> {
      const [row] = await tx
        .select(payerColumns)
        .from(players)
        .where(eq(players.id, playerId))
        // NO KEY UPDATE: foreign-key checks of rows naming the player still pass (lockPlayerRow).
        .for('no key update');
      return row;
    },

    /** When the player's break or exclusion ends (null: none); read under the player's lock. */
    async excludedUntil(tx: Database, playerId: string): Promise<Date | null> {
      const [row] = await tx
        .select({ until: players.excludedUntil })
        .from(players)
        .where(eq(players.id, playerId));
      return row?.until ?? null;
    },

    async addSegment(tx: Database, playerId: string, segmentId: number): Promise<void> {
      await tx
        .update(players)
        .set({ segmentIds: sql`array_append(${players.segmentIds}, ${segmentId}::integer)` })
        .where(
          sql`${players.id} = ${playerId} and not (${segmentId}::integer = any(${players.segmentIds}))`,
        );
    },
  };
}
export type PayerRepo = ReturnType<typeof createPayerRepo>;
