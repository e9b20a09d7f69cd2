import { and, asc, count, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';

/** An outbox row as the dispatcher hands it to handlers. */
export interface OutboxEvent {
  id: number;
  type: string;
  playerId: string | null;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export function createOutboxRepo(db: Database) {
  return {
    /** The oldest undispatched events, in id order (served by the partial index on them). */
    async listUndispatched(limit: number, tx: Database = db): Promise<OutboxEvent[]> {
      return tx
        .select({
          id: domainEvents.id,
          type: domainEvents.type,
          playerId: domainEvents.playerId,
          payload: domainEvents.payload,
          occurredAt: domainEvents.occurredAt,
        })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.id))
        .limit(limit);
    },

    async markDispatched(ids: number[], tx: Database = db): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(domainEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)));
    },

    /**
     * Deletes up to `limit` dispatched events that occurred before `cutoff`; returns how many.
     * occurred_at has no index, but it is set at insert like the id, so the first row by primary
     * key is (about) the oldest: looking at it first makes the usual answer, "nothing that old",
     * one index probe instead of a walk of the whole table.
     */
    async pruneDispatched(cutoff: Date, limit: number, tx: Database = db): Promise<number> {
      const [oldest] = await tx
        .select({ occurredAt: domainEvents.occurredAt })
        .from(domainEvents)
        .orderBy(asc(domainEvents.id))
        .limit(1);
      if (!oldest || oldest.occurredAt >= cutoff) return 0;
      const old = tx
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(isNotNull(domainEvents.dispatchedAt), lt(domainEvents.occurredAt, cutoff)))
        .orderBy(asc(domainEvents.id))
        .limit(limit);
      const deleted = await tx
        .delete(domainEvents)
        .where(inArray(domainEvents.id, old))
        .returning({ id: domainEvents.id });
      return deleted.length;
    },

    /** Undispatched events left (tests and health). */
    async countUndispatched(tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt));
      return row?.n ?? 0;
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
