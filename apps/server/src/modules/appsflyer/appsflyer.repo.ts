import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appsFlyerDeliveries, appsFlyerSandboxEvents } from '../../db/schema/index.ts';

export type AppsFlyerDeliveryRow = typeof appsFlyerDeliveries.$inferSelect;
type NewDelivery = Omit<
  typeof appsFlyerDeliveries.$inferInsert,
  'id' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'createdAt'
>;

/** The only place that touches appsflyer_deliveries. */
export function createAppsFlyerDeliveriesRepo(db: Database) {
  return {
    /** Queues events for sending; an event queued before (a redelivery) is not queued again. */
    async enqueue(rows: NewDelivery[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(appsFlyerDeliveries)
        .values(rows)
        .onConflictDoNothing({ target: appsFlyerDeliveries.eventId })
        .returning({ id: appsFlyerDeliveries.id });
      return inserted.length;
    },

    /**
     * Takes up to `limit` due rows for this node: locked past any another node holds, counted as
     * an attempt and leased until `leaseUntil`, so a node that dies mid-post leaves them due again
     * at the lease's end rather than lost or sent twice at once.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<AppsFlyerDeliveryRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: appsFlyerDeliveries.id })
          .from(appsFlyerDeliveries)
          .where(
            and(
              eq(appsFlyerDeliveries.status, 'pending'),
              lte(appsFlyerDeliveries.nextAttemptAt, now),
            ),
          )
          .orderBy(asc(appsFlyerDeliveries.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(appsFlyerDeliveries)
          .set({
            attempts: sql`${appsFlyerDeliveries.attempts} + 1`,
            nextAttemptAt: leaseUntil,
          })
          .where(
            inArray(
              appsFlyerDeliveries.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(appsFlyerDeliveries)
        .set({ status: 'sent', sentAt: at, lastError: null })
        .where(eq(appsFlyerDeliveries.id, id));
    },

    /** A failed attempt: due again at `retryAt`, or `failed` for good when that is null. */
    async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(appsFlyerDeliveries)
        .set({
          lastError: error.slice(0, 500),
          ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }),
        })
        .where(eq(appsFlyerDeliveries.id, id));
    },

    async ofPlayer(customerUserId: string): Promise<AppsFlyerDeliveryRow[]> {
      return db
        .select()
        .from(appsFlyerDeliveries)
        .where(eq(appsFlyerDeliveries.customerUserId, customerUserId))
        .orderBy(asc(appsFlyerDeliveries.createdAt));
    },

    /** Forgets rows made before `cutoff` that are done (sent or failed). */
    async pruneDone(cutoff: Date): Promise<void> {
      await db
        .delete(appsFlyerDeliveries)
        .where(
          and(
            lt(appsFlyerDeliveries.createdAt, cutoff),
            inArray(appsFlyerDeliveries.status, ['sent', 'failed']),
          ),
        );
    },
  };
}
export type AppsFlyerDeliveriesRepo = ReturnType<typeof createAppsFlyerDeliveriesRepo>;

/** The only place that touches appsflyer_sandbox_events. */
export function createAppsFlyerSandboxRepo(db: Database) {
  return {
    async insert(row: { appId: string; body: Record<string, unknown> }): Promise<void> {
      await db.insert(appsFlyerSandboxEvents).values(row);
    },

    async latest(limit: number) {
      return db
        .select()
        .from(appsFlyerSandboxEvents)
        .orderBy(desc(appsFlyerSandboxEvents.receivedAt))
        .limit(limit);
    },
  };
}
export type AppsFlyerSandboxRepo = ReturnType<typeof createAppsFlyerSandboxRepo>;
