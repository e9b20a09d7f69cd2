import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type HousePurpose,
} from '../../db/schema/index.ts';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** The only place that touches the ledger tables' rows for postings. */
export function createLedgerRepo(db: Database) {
  return {
    db,

    /** The transaction row, or undefined when the key is taken (then waits for its writer). */
    async insertTransaction(
      tx: Database,
      values: {
        idempotencyKey: string;
        kind: string;
        requestHash: string;
        playerId: string | null;
        metadata: Record<string, unknown>;
      },
    ): Promise<LedgerTransactionRow | undefined> {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values(values)
        .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
        .returning();
      return row;
    },

    async findTransactionByKey(
      tx: Database,
      idempotencyKey: string,
    ): Promise<LedgerTransactionRow | undefined> {
      const [row] = await tx
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
      return row;
    },

    listEntries(tx: Database, transactionId: string): Promise<LedgerEntryRow[]> {
      return tx
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, transactionId))
        .orderBy(asc(ledgerEntries.id));
    },

    findAccounts(tx: Database, ids: string[]): Promise<LedgerAccountRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
    },

    /** The house account of a purpose and currency, created the first time it is needed. */
    async ensureHouseAccount(
      tx: Database,
      purpose: HousePurpose,
      currency: string,
    ): Promise<LedgerAccountRow> {
      await tx
        .insert(ledgerAccounts)
        .values({ ownerKind: 'house', purpose, currency })
        .onConflictDoNothing({ target: [ledgerAccounts.purpose, ledgerAccounts.currency] });
      const [row] = await tx
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.purpose, purpose), eq(ledgerAccounts.currency, currency)));
      if (!row) throw new Error(`house account ${purpose}/${currency} could not be created`);
      return row;
    },

    /**
     * Adds `amount` to the balance. For a player account the update only happens when the
     * balance stays ≥ 0, so a concurrent debit can never overdraw it; undefined then.
     */
    async applyEntry(
      tx: Database,
      account: Pick<LedgerAccountRow, 'id' | 'ownerKind'>,
      amount: number,
    ): Promise<number | undefined> {
      const guard =
        account.ownerKind === 'player'
          ? and(eq(ledgerAccounts.id, account.id), sql`${ledgerAccounts.balance} + ${amount} >= 0`)
          : eq(ledgerAccounts.id, account.id);
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amount}`, updatedAt: sql`now()` })
        .where(guard)
        .returning({ balance: ledgerAccounts.balance });
      return row?.balance;
    },

    async insertEntries(
      tx: Database,
      entries: { transactionId: string; accountId: string; currency: string; amount: number }[],
    ): Promise<LedgerEntryRow[]> {
      return tx.insert(ledgerEntries).values(entries).returning();
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
