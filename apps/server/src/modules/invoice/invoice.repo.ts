import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { InvoiceStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { PAYOUT_TYPES, type InvoiceRow } from './invoice.fns.ts';

/** Which of a player's invoices to add up, and which amount. */
export interface InvoiceTotalQuery {
  playerId: string;
  types: readonly number[];
  statuses: readonly number[];
  /** `amountBase` (base-currency minor units, comparable across currencies) or `amount`. */
  sum: 'amount' | 'amountBase';
  /** Only invoices in this currency (for `amount`, which is in the invoice's own units). */
  currency?: string;
  /** Only invoices created (or processed) at or after this instant. */
  since?: { column: 'createdAt' | 'processedAt'; at: Date };
}

const OPEN_STATUSES = [InvoiceStatus.Pending, InvoiceStatus.Processing];

/** The invoice rows every money module writes and counts: inserts and totals. */
export function createInvoiceRepo(db: Database) {
  /**
   * Σ of the matching invoices' amounts, in minor units. The one query behind every limit and
   * threshold on invoices (purchase limits, big-deposit alert, payout holds and day/year totals),
   * so they all count the same way.
   */
  async function sum(tx: Database, query: InvoiceTotalQuery): Promise<number> {
    const column = query.sum === 'amount' ? invoices.amount : invoices.amountBase;
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${column}), 0)` })
      .from(invoices)
      .where(
        and(
          eq(invoices.playerId, query.playerId),
          inArray(invoices.type, [...query.types]),
          inArray(invoices.status, [...query.statuses]),
          query.currency === undefined ? undefined : eq(invoices.currency, query.currency),
          query.since === undefined ? undefined : gte(invoices[query.since.column], query.since.at),
        ),
      );
    return Number(row?.total ?? 0);
  }

  async function insert(tx: Database, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    const [row] = await tx.insert(invoices).values(values).returning();
    if (!row) throw new Error('insert into invoices returned no row');
    return row;
  }

  /** The invoice, locked until commit (take the player's lock first: the one lock order); only
   * the owner's when `playerId` is given. */
  async function lock(
    tx: Database,
    id: string,
    playerId?: string,
  ): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(
        playerId ? and(eq(invoices.id, id), eq(invoices.playerId, playerId)) : eq(invoices.id, id),
      )
      // NO KEY UPDATE: rows that reference the invoice (alerts, webhook events) still insert.
      .for('no key update');
    return row;
  }

  return {
    db,
    sum,
    lock,

    /** Σ of the player's open payouts in `currency` (its own minor units): held, not yet paid. */
    heldIn: (tx: Database, playerId: string, currency: string) =>
      sum(tx, { playerId, types: PAYOUT_TYPES, statuses: OPEN_STATUSES, sum: 'amount', currency }),

    insert,
  };
}
export type InvoiceRepo = ReturnType<typeof createInvoiceRepo>;
