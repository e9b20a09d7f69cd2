import { and, asc, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Adjustment, AdjustmentSort } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AdjustmentStatus, balanceAdjustments } from '../../db/schema/index.ts';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

/** The rows in a state as adjustmentState (adjustments.fns.ts) names it. */
function stateIs(state: Adjustment['status'], expiredBefore: Date): SQL | undefined {
  const { requestedAt, status } = balanceAdjustments;
  switch (state) {
    case 'applied':
      return eq(status, AdjustmentStatus.Applied);
    case 'rejected':
      return eq(status, AdjustmentStatus.Rejected);
    case 'pending':
      return and(eq(status, AdjustmentStatus.Pending), gte(requestedAt, expiredBefore));
    case 'expired':
      return and(eq(status, AdjustmentStatus.Pending), lt(requestedAt, expiredBefore));
  }
}

/** Manual balance adjustments and their approval state. */
export function createAdjustmentsRepo() {
  return {
    /** The new row, or undefined when this staff member used the request key already. */
    async insert(
      tx: Database,
      values: Omit<typeof balanceAdjustments.$inferInsert, 'id'>,
    ): Promise<AdjustmentRow | undefined> {
      const [row] = await tx
        .insert(balanceAdjustments)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async findByKey(tx: Database, requestedBy: string, requestKey: string) {
      const [row] = await tx
        .select()
        .from(balanceAdjustments)
        .where(
          and(
            eq(balanceAdjustments.requestedBy, requestedBy),
            eq(balanceAdjustments.requestKey, requestKey),
          ),
        );
      return row;
    },
    async lock(tx: Database, id: string): Promise<AdjustmentRow | undefined> {
      const [row] = await tx
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.id, id))
        .for('update');
      return row;
    },
    async markApplied(
      tx: Database,
      id: string,
      values: { approvedBy: string | null; appliedAt: Date; ledgerTransactionId: string },
    ): Promise<AdjustmentRow> {
      const [row] = await tx
        .update(balanceAdjustments)
        .set({ ...values, status: AdjustmentStatus.Applied })
        .where(eq(balanceAdjustments.id, id))
        .returning();
      return row!;
    },
    async markRejected(tx: Database, id: string): Promise<AdjustmentRow> {
      const [row] = await tx
        .update(balanceAdjustments)
        .set({ status: AdjustmentStatus.Rejected })
        .where(eq(balanceAdjustments.id, id))
        .returning();
      return row!;
    },
    /**
     * What one player's balance in a currency took without a second pair of eyes since `since`,
     * either sign (decision 070).
     */
    async appliedAlone(tx: Database, playerId: string, currency: string, since: Date) {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(abs(${balanceAdjustments.amount})), 0)` })
        .from(balanceAdjustments)
        .where(
          and(
            eq(balanceAdjustments.playerId, playerId),
            eq(balanceAdjustments.currency, currency),
            eq(balanceAdjustments.status, AdjustmentStatus.Applied),
            isNull(balanceAdjustments.approvedBy),
            gte(balanceAdjustments.appliedAt, since),
          ),
        );
      return Number(row?.total ?? 0);
    },
    async list(
      tx: Database,
      query: {
        state?: Adjustment['status'] | undefined;
        /** Pending requests made before it have expired. */
        expiredBefore: Date;
        sort: AdjustmentSort;
        order: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const where = query.state ? stateIs(query.state, query.expiredBefore) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const column = {
        requestedAt: balanceAdjustments.requestedAt,
        amount: balanceAdjustments.amount,
      }[query.sort];
      const rows = await tx
        .select()
        .from(balanceAdjustments)
        .where(where)
        // The id breaks ties, so pages never overlap.
        .orderBy(direction(column), direction(balanceAdjustments.id))
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await tx.select({ total: count() }).from(balanceAdjustments).where(where);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type AdjustmentsRepo = ReturnType<typeof createAdjustmentsRepo>;
