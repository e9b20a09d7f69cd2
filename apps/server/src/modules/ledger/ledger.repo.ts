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

    /** Rows of these ids (any order); used to explain why `applyEntries` left some unmoved. */
    findAccounts(tx: Database, ids: string[]): Promise<LedgerAccountRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
    },

    /** The house account of a purpose and currency, created the first time it is needed. */
    async ensureHouseAccount(
      tx: Database,
      purpose: HousePurpose,
      currency: string,
    ): Promise<Pick<LedgerAccountRow, 'id'>> {
      const find = () =>
        tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.purpose, purpose), eq(ledgerAccounts.currency, currency)));
      // The account exists but for the very first posting: one read, no write, in the usual case.
      const [existing] = await find();
      if (existing) return existing;
      await tx
        .insert(ledgerAccounts)
        .values({ ownerKind: 'house', purpose, currency })
        .onConflictDoNothing({ target: [ledgerAccounts.purpose, ledgerAccounts.currency] });
      const [row] = await find();
      if (!row) throw new Error(`house account ${purpose}/${currency} could not be created`);
      return row;
    },

    /**
     * Adds each amount to its account's balance, in one statement. The rows are locked in id
     * order first (the `locked` CTE), so two postings never deadlock. An account only moves when
     * it is in the entry's currency and, for a player account, when its balance stays ≥ 0, so a
     * concurrent debit can never overdraw it. Answers the ids that moved; any other id is
     * missing, in another currency or short of funds, and the caller must roll back.
     */
    async applyEntries(
      tx: Database,
      entries: { accountId: string; currency: string; amount: number }[],
    ): Promise<Set<string>> {
      // One JSON parameter: both drivers pass it the same way, whatever the number of entries.
      // `= any(array(…))` keeps both scans on the primary key (a join on the JSON would not).
      const moves = JSON.stringify(
        entries.map((e) => ({ id: e.accountId, currency: e.currency, amount: e.amount })),
      );
      const result: unknown = await tx.execute(sql`
        with moves as (
          select * from jsonb_to_recordset(${moves}::jsonb) as m(id uuid, currency text, amount bigint)
        ), locked as (
          select a.id from ${ledgerAccounts} a
          where a.id = any(array(select id from moves)) order by a.id for update
        )
        update ${ledgerAccounts} a
        set balance = a.balance + m.amount, updated_at = now()
        from moves m
        where a.id = any(array(select id from locked)) and a.id = m.id and a.currency = m.currency
          and (a.owner_kind <> 'player' or a.balance + m.amount >= 0)
        returning a.id`);
      return new Set((result as { rows: { id: string }[] }).rows.map((r) => r.id));
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
