import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { amplitudeSandboxPosts, analyticsForwardBatches } from '../../db/schema/index.ts';

export type ForwardBatchRow = typeof analyticsForwardBatches.$inferSelect;

/**
 * The only place that touches analytics_forward_batches besides the ingest's statement, which
 * queues them (analytics-events.repo.ts).
 */
export function createForwardBatchesRepo(db: Database) {
  return {
    /**
     * Takes up to `limit` due rows for this node, oldest first: locked past those another node
     * holds, counted as an attempt and leased until `leaseUntil`, so a node that dies mid-post
     * leaves them due again at the lease's end (and Amplitude de-duplicates by insert_id).
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ForwardBatchRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: analyticsForwardBatches.id })
          .from(analyticsForwardBatches)
          .where(
            and(
              eq(analyticsForwardBatches.status, 'pending'),
              lte(analyticsForwardBatches.nextAttemptAt, now),
            ),
          )
          .orderBy(asc(analyticsForwardBatches.nextAttemptAt), asc(analyticsForwardBatches.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const rows = await tx
          .update(analyticsForwardBatches)
          .set({
            attempts: sql`${analyticsForwardBatches.attempts} + 1`,
            nextAttemptAt: leaseUntil,
          })
          .where(
            inArray(
              analyticsForwardBatches.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
        return rows.sort((a, b) => a.id - b.id);
      });
    },

    /** Amplitude took (or refused for good) every event of these rows: they are done. */
    async remove(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(analyticsForwardBatches).where(inArray(analyticsForwardBatches.id, ids));
    },

    /** A failed round: due again at `retryAt`, or `failed` for good when that is null. */
    async markFailed(ids: number[], error: string, retryAt: Date | null): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(analyticsForwardBatches)
        .set({
          lastError: error.slice(0, 500),
          ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }),
        })
        .where(inArray(analyticsForwardBatches.id, ids));
    },

    /** Forgets rows given up before `cutoff`. */
    async pruneFailed(cutoff: Date): Promise<void> {
      await db
        .delete(analyticsForwardBatches)
        .where(
          and(
            eq(analyticsForwardBatches.status, 'failed'),
            lt(analyticsForwardBatches.createdAt, cutoff),
          ),
        );
    },
  };
}
export type ForwardBatchesRepo = ReturnType<typeof createForwardBatchesRepo>;

/** The only place that touches amplitude_sandbox_posts. */
export function createAmplitudeSandboxRepo(db: Database) {
  return {
    async insert(row: { status: number; body: Record<string, unknown> }): Promise<void> {
      await db.insert(amplitudeSandboxPosts).values(row);
    },

    /** Forgets what the sandbox was posted before `cutoff`. */
    async pruneBefore(cutoff: Date): Promise<void> {
      await db.delete(amplitudeSandboxPosts).where(lt(amplitudeSandboxPosts.receivedAt, cutoff));
    },

    async latest(limit: number) {
      return db
        .select()
        .from(amplitudeSandboxPosts)
        .orderBy(desc(amplitudeSandboxPosts.id))
        .limit(limit);
    },
  };
}
export type AmplitudeSandboxRepo = ReturnType<typeof createAmplitudeSandboxRepo>;
