import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxPaymentMethods, sandboxPayments } from '../../db/schema/index.ts';

export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
type PaymentStatus = SandboxPaymentRow['status'];

/** The sandbox provider's tables; nothing else touches them. */
export function createPaymentSandboxRepo(db: Database) {
  return {
    db,

    listMethods(customerId: string): Promise<SandboxMethodRow[]> {
      return db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.customerId, customerId),
            isNull(sandboxPaymentMethods.removedAt),
          ),
        )
        .orderBy(sandboxPaymentMethods.createdAt);
    },

    async findMethod(customerId: string, id: string): Promise<SandboxMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.id, id),
            eq(sandboxPaymentMethods.customerId, customerId),
            isNull(sandboxPaymentMethods.removedAt),
          ),
        );
      return row;
    },

    async insertMethod(values: typeof sandboxPaymentMethods.$inferInsert) {
      const [row] = await db.insert(sandboxPaymentMethods).values(values).returning();
      if (!row) throw new Error('sandbox method not stored');
      return row;
    },

    /** The customer's saved card with this token (the same card saved before), if kept. */
    async findMethodByToken(
      customerId: string,
      token: string,
    ): Promise<SandboxMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.customerId, customerId),
            eq(sandboxPaymentMethods.cardToken, token),
            isNull(sandboxPaymentMethods.removedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Forgets a card no payment has succeeded with (a card is kept on file once it has paid),
     * in one statement: a success recorded meanwhile keeps it. True when it was forgotten.
     */
    async forgetUnprovenMethod(id: string): Promise<boolean> {
      const rows = await db
        .update(sandboxPaymentMethods)
        .set({ removedAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentMethods.id, id),
            isNull(sandboxPaymentMethods.removedAt),
            sql`not exists (select 1 from ${sandboxPayments} where ${sandboxPayments.methodId} = ${id} and ${sandboxPayments.kind} = 'card' and ${sandboxPayments.status} = 'succeeded')`,
          ),
        )
        .returning({ id: sandboxPaymentMethods.id });
      return rows.length > 0;
    },

    async removeMethod(customerId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(sandboxPaymentMethods)
        .set({ removedAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentMethods.id, id),
            eq(sandboxPaymentMethods.customerId, customerId),
            isNull(sandboxPaymentMethods.removedAt),
          ),
        )
        .returning({ id: sandboxPaymentMethods.id });
      return rows.length > 0;
    },

    async findPayment(ref: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
      return row;
    },

    async findPaymentByInvoice(
      kind: SandboxPaymentRow['kind'],
      invoiceId: string,
    ): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.invoiceId, invoiceId), eq(sandboxPayments.kind, kind)));
      return row;
    },

    async findPaymentByAddress(address: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.address, address));
      return row;
    },

    async insertPayment(values: typeof sandboxPayments.$inferInsert) {
      const [row] = await db.insert(sandboxPayments).values(values).returning();
      if (!row) throw new Error('sandbox payment not stored');
      return row;
    },

    /**
     * Inserts a payment and keeps it only if `inTime()` still holds once the row is written (just
     * before the commit): a payout is accepted by its deadline or not at all. Undefined when it
     * was too late (nothing stored), however long the insert waited.
     */
    async insertPaymentInTime(
      values: typeof sandboxPayments.$inferInsert,
      inTime: () => boolean,
    ): Promise<SandboxPaymentRow | undefined> {
      const tooLate = new Error('too late');
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(sandboxPayments).values(values).returning();
          if (!row) throw new Error('sandbox payment not stored');
          if (!inTime()) throw tooLate;
          return row;
        });
      } catch (err) {
        if (err === tooLate) return undefined;
        throw err;
      }
    },

    /**
     * Moves a payment from one of `from` and numbers the event it causes (sequence + 1), in one
     * conditional statement: two concurrent moves cannot both happen. Undefined when it was not
     * in `from` any more.
     */
    async move(
      ref: string,
      from: PaymentStatus[],
      change: Partial<Pick<SandboxPaymentRow, 'status' | 'declineCode' | 'confirmations'>>,
    ): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db
        .update(sandboxPayments)
        .set({ ...change, sequence: sql`${sandboxPayments.sequence} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPayments.ref, ref),
            sql`${sandboxPayments.status} in ${from}`,
            change.confirmations === undefined
              ? undefined
              : sql`${sandboxPayments.confirmations} < ${change.confirmations}`,
          ),
        )
        .returning();
      return row;
    },
  };
}
export type PaymentSandboxRepo = ReturnType<typeof createPaymentSandboxRepo>;
