import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AdjustmentSort } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AdjustmentStatus, balanceAdjustments } from '../../db/schema/index.ts';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

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
    async list(
      tx: Database,
      query: {
        status?: number | undefined;
        sort: AdjustmentSort;
        order: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const where = query.status ? eq(balanceAdjustments.status, query.status) : undefined;
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
