import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { InvoiceStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { currencies, invoices } from '../../db/schema/index.ts';
import type { InvoiceRow } from './invoice.fns.ts';

export interface InvoiceFilter {
  playerId: string;
  types?: number[];
  statuses?: number[];
}

/** Reads of a player's invoices: one invoice, the history list and the statistics aggregates. */
export function createInvoiceHistoryRepo(db: Database) {
  const where = (f: InvoiceFilter) =>
    and(
      eq(invoices.playerId, f.playerId),
      f.types?.length ? inArray(invoices.type, f.types) : undefined,
      f.statuses?.length ? inArray(invoices.status, f.statuses) : undefined,
    );
  const successful = (playerId: string) =>
    and(eq(invoices.playerId, playerId), eq(invoices.status, InvoiceStatus.Success));

  return {
    /** The invoice `id` when it is the player's; undefined for another player's or none. */
    async byId(playerId: string, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.playerId, playerId), eq(invoices.id, id)));
      return row;
    },

    /** One page, newest first, and the number of rows the filter matches. */
    async page(
      filter: InvoiceFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: InvoiceRow[]; total: number }> {
      const rows = await db
        .select()
        .from(invoices)
        .where(where(filter))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(page.limit)
        .offset(page.offset);
      const [counted] = await db.select({ n: count() }).from(invoices).where(where(filter));
      return { rows, total: counted?.n ?? 0 };
    },

    /** Successful invoices per type and currency: count, Σ amount, Σ base amount. */
    sums(playerId: string) {
      return db
        .select({
          type: invoices.type,
          currency: invoices.currency,
          count: count(),
          amount: sql<string>`sum(${invoices.amount})`,
          amountBase: sql<string>`sum(${invoices.amountBase})`,
        })
        .from(invoices)
        .where(successful(playerId))
        .groupBy(invoices.type, invoices.currency)
        .orderBy(invoices.type, invoices.currency);
    },

    /** The last successful invoice of each type (by processedAt). */
    lastPerType(playerId: string) {
      return db
        .selectDistinctOn([invoices.type], {
          type: invoices.type,
          amount: invoices.amount,
          currency: invoices.currency,
          amountBase: invoices.amountBase,
          processedAt: invoices.processedAt,
        })
        .from(invoices)
        .where(successful(playerId))
        .orderBy(invoices.type, desc(invoices.processedAt), desc(invoices.id));
    },

    async baseCurrency(): Promise<string> {
      const [row] = await db
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.isBase, true));
      if (!row) throw new Error('no base currency');
      return row.code;
    },
  };
}
export type InvoiceHistoryRepo = ReturnType<typeof createInvoiceHistoryRepo>;
