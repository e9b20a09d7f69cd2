import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotentRequests } from '../../db/schema/index.ts';

export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;

/** Only this file touches idempotent_requests. */
export function createIdempotencyRepo(db: Database) {
  const byKey = (playerId: string, key: string) =>
    and(eq(idempotentRequests.playerId, playerId), eq(idempotentRequests.key, key));

  return {
    db,

    /** True when this call claimed the key; false when someone had (a retry or a duplicate). */
    async claim(values: {
      playerId: string;
      key: string;
      operation: string;
      requestHash: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(idempotentRequests)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      return rows.length === 1;
    },

    async find(playerId: string, key: string): Promise<IdempotentRequestRow | undefined> {
      const [row] = await db.select().from(idempotentRequests).where(byKey(playerId, key));
      return row;
    },

    async complete(playerId: string, key: string, statusCode: number, responseBody: string) {
      await db
        .update(idempotentRequests)
        .set({ statusCode, responseBody })
        .where(and(byKey(playerId, key), isNull(idempotentRequests.statusCode)));
    },

    /**
     * Stores a key with its answer in one statement (in `tx`, or on its own): true when stored,
     * false when the key was taken (a concurrent duplicate waits here for the first writer).
     */
    async store(
      tx: Database,
      values: {
        playerId: string;
        key: string;
        operation: string;
        requestHash: string;
        statusCode: number;
        responseBody: string;
      },
    ): Promise<boolean> {
      const rows = await tx
        .insert(idempotentRequests)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      return rows.length === 1;
    },

    /** Frees a key whose first attempt failed for a reason a retry may not meet (5xx). */
    async release(playerId: string, key: string) {
      await db
        .delete(idempotentRequests)
        .where(and(byKey(playerId, key), isNull(idempotentRequests.statusCode)));
    },
  };
}
export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>;
