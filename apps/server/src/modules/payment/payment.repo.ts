import { and, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { InvoiceStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { bigDepositAlerts, invoices, paymentWebhookEvents } from '../../db/schema/index.ts';
import { MONEY_IN_TYPES, type InvoiceRow } from '../invoice/invoice.fns.ts';
import type { InvoiceRepo } from '../invoice/invoice.repo.ts';
import type { CurrencyRatesRepo } from '../wallet/currency-rates.repo.ts';

export type InvoicePatch = Partial<
  Pick<
    InvoiceRow,
    'status' | 'providerRef' | 'failureCode' | 'nextAction' | 'ledgerTransactionId' | 'processedAt'
  >
>;

/** Invoices, provider webhooks and big-deposit alerts: only this file touches them. */
export function createPaymentRepo(
  db: Database,
  /** The invoice module's rows and the wallet's currency rates, handed in by the wiring. */
  { invoiceRows, rates }: { invoiceRows: InvoiceRepo; rates: CurrencyRatesRepo },
) {
  /**
   * Claims, in its own transaction, up to `limit` invoices matching `where` whose lease (the
   * `stamp` column) is free, oldest first: locked skipping any a payment or another node holds,
   * then stamped with `now`, so two nodes never take the same invoice and work that failed is
   * taken again once the lease has passed.
   */
  function claimLeased(
    where: SQL | undefined,
    stamp: 'abandonCheckedAt' | 'refundCheckedAt',
    input: { now: Date; limit: number },
  ): Promise<InvoiceRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(where)
        .orderBy(invoices.createdAt)
        .limit(input.limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(invoices)
        .set({ [stamp]: input.now })
        .where(
          inArray(
            invoices.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  return {
    db,

    listCurrencies: (tx: Database = db) => rates.list(tx),

    /** Base minor units of the player's money-in invoices still open or paid since `since`. */
    sumOpenAndPaidSince: (tx: Database, playerId: string, since: Date) =>
      invoiceRows.sum(tx, {
        playerId,
        types: MONEY_IN_TYPES,
        statuses: [InvoiceStatus.Pending, InvoiceStatus.Processing, InvoiceStatus.Success],
        sum: 'amountBase',
        since: { column: 'createdAt', at: since },
      }),

    /** Base minor units of the player's successful money-in invoices processed since `since`. */
    sumSucceededSince: (tx: Database, playerId: string, since: Date) =>
      invoiceRows.sum(tx, {
        playerId,
        types: MONEY_IN_TYPES,
        statuses: [InvoiceStatus.Success],
        sum: 'amountBase',
        since: { column: 'processedAt', at: since },
      }),

    insertInvoice: invoiceRows.insert,

    async findInvoice(id: string, tx: Database = db): Promise<InvoiceRow | undefined> {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    async findByProviderRef(provider: string, ref: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, provider), eq(invoices.providerRef, ref)));
      return row;
    },

    /** Locks the invoice until commit; take the player's lock first (one lock order). */
    lockInvoice: (tx: Database, id: string) => invoiceRows.lock(tx, id),

    async updateInvoice(tx: Database, id: string, patch: InvoicePatch): Promise<InvoiceRow> {
      const [row] = await tx
        .update(invoices)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(invoices.id, id))
        .returning();
      if (!row) throw new Error(`invoice ${id} vanished`);
      return row;
    },

    /**
     * Claims up to `limit` open purchase and deposit invoices of `provider` created before their
     * kind's cutoff and not claimed since `leaseBefore`: locked skipping any a payment or another
     * node holds, stamped in the same statement, so two nodes never take the same invoice.
     */
    async claimAbandoned(input: {
      provider: string;
      cutoffs: { card: Date; crypto: Date };
      leaseBefore: Date;
      now: Date;
      limit: number;
    }): Promise<InvoiceRow[]> {
      const { cutoffs } = input;
      return claimLeased(
        and(
          eq(invoices.provider, input.provider),
          inArray(invoices.type, [...MONEY_IN_TYPES]),
          inArray(invoices.status, [InvoiceStatus.Pending, InvoiceStatus.Processing]),
          or(
            and(eq(invoices.paymentMethodType, 'crypto'), lte(invoices.createdAt, cutoffs.crypto)),
            and(
              sql`${invoices.paymentMethodType} is distinct from 'crypto'`,
              lte(invoices.createdAt, cutoffs.card),
            ),
          ),
          or(isNull(invoices.abandonCheckedAt), lt(invoices.abandonCheckedAt, input.leaseBefore)),
        ),
        'abandonCheckedAt',
        input,
      );
    },

    /**
     * Claims, in its own transaction, up to `limit` purchases of `provider` refused at settlement
     * because their player was excluded (decision 046) and not answered for by the provider yet,
     * whose lease is free: skip-locked and stamped, so two nodes never ask for the same refund at
     * once and an ask that failed is retried after the lease.
     */
    async claimRefundsDue(input: {
      provider: string;
      failureCode: string;
      leaseBefore: Date;
      now: Date;
      limit: number;
    }): Promise<InvoiceRow[]> {
      return claimLeased(
        and(
          eq(invoices.provider, input.provider),
          eq(invoices.failureCode, input.failureCode),
          isNull(invoices.refundStatus),
          or(isNull(invoices.refundCheckedAt), lt(invoices.refundCheckedAt, input.leaseBefore)),
        ),
        'refundCheckedAt',
        input,
      );
    },

    /** The provider's answer to a refund, once: a second answer for the invoice changes nothing. */
    async recordRefundAnswer(
      invoiceId: string,
      answer: { status: 'refunded' | 'not_refundable'; ref: string; at: Date },
    ): Promise<void> {
      await db
        .update(invoices)
        .set({ refundStatus: answer.status, refundRef: answer.ref, refundAnsweredAt: answer.at })
        .where(and(eq(invoices.id, invoiceId), isNull(invoices.refundStatus)));
    },

    /** Claims a delivery by (provider, event id): false when it was seen before (a duplicate). */
    async claimWebhookEvent(
      tx: Database,
      values: typeof paymentWebhookEvents.$inferInsert,
    ): Promise<boolean> {
      const rows = await tx
        .insert(paymentWebhookEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: paymentWebhookEvents.eventId });
      return rows.length === 1;
    },

    async setWebhookOutcome(tx: Database, provider: string, eventId: string, outcome: string) {
      await tx
        .update(paymentWebhookEvents)
        .set({ outcome })
        .where(
          and(
            eq(paymentWebhookEvents.provider, provider),
            eq(paymentWebhookEvents.eventId, eventId),
          ),
        );
    },

    async webhookEventSeen(provider: string, eventId: string): Promise<boolean> {
      const rows = await db
        .select({ id: paymentWebhookEvents.eventId })
        .from(paymentWebhookEvents)
        .where(
          and(
            eq(paymentWebhookEvents.provider, provider),
            eq(paymentWebhookEvents.eventId, eventId),
          ),
        );
      return rows.length > 0;
    },

    /** The newest provider sequence applied to the invoice; -1 when none was. */
    async lastAppliedSequence(tx: Database, invoiceId: string): Promise<number> {
      const [row] = await tx
        .select({
          seq: sql<number | null>`max((${paymentWebhookEvents.payload} ->> 'sequence')::integer)`,
        })
        .from(paymentWebhookEvents)
        .where(
          and(
            eq(paymentWebhookEvents.invoiceId, invoiceId),
            eq(paymentWebhookEvents.outcome, 'applied'),
          ),
        );
      return row?.seq === null || row?.seq === undefined ? -1 : Number(row.seq);
    },

    async hasAlertSince(tx: Database, playerId: string, since: Date): Promise<boolean> {
      const rows = await tx
        .select({ id: bigDepositAlerts.id })
        .from(bigDepositAlerts)
        .where(and(eq(bigDepositAlerts.playerId, playerId), gte(bigDepositAlerts.createdAt, since)))
        .limit(1);
      return rows.length > 0;
    },

    async insertAlert(
      tx: Database,
      values: typeof bigDepositAlerts.$inferInsert,
    ): Promise<string | undefined> {
      const [row] = await tx
        .insert(bigDepositAlerts)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: bigDepositAlerts.id });
      return row?.id;
    },

    async setAlertDelivery(id: string, delivery: 'sent' | 'failed'): Promise<void> {
      await db.update(bigDepositAlerts).set({ delivery }).where(eq(bigDepositAlerts.id, id));
    },
  };
}
export type PaymentRepo = ReturnType<typeof createPaymentRepo>;
