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
/** What a posting's reply shows of each entry it booked. */
export type BookedEntry = Pick<LedgerEntryRow, 'id' | 'accountId' | 'currency' | 'amount'>;

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
     * Books the entries of transaction `transactionId` in one statement: the accounts are locked
     * in id order first (`locked`), so two postings never deadlock; each balance moves (`moved`)
     * only when the account is in the entry's currency and, for a player account, when its
     * balance stays ≥ 0, so a concurrent debit can never overdraw it; the entries are inserted
     * (`booked`) only when every account moved. Otherwise `entries` is null and any id missing
     * from `moved` is unknown, in another currency or short of funds: the caller must roll back.
     */
    async bookEntries(
      tx: Database,
      transactionId: string,
      entries: { accountId: string; currency: string; amount: number }[],
    ): Promise<{ moved: Set<string>; entries: BookedEntry[] | null }> {
      // One JSON parameter: both drivers pass it the same way, whatever the number of entries.
      // `= any(array(…))` keeps both scans on the primary key (a join on the JSON would not).
      const moves = JSON.stringify(
        entries.map((e, n) => ({ n, id: e.accountId, currency: e.currency, amount: e.amount })),
      );
      const result: unknown = await tx.execute(sql`
        with moves as (
          select * from jsonb_to_recordset(${moves}::jsonb)
            as m(n int, id uuid, currency text, amount bigint)
        ), locked as (
          select a.id from ${ledgerAccounts} a
          where a.id = any(array(select id from moves)) order by a.id for update
        ), moved as (
          update ${ledgerAccounts} a
          set balance = a.balance + m.amount, updated_at = now()
          from moves m
          where a.id = any(array(select id from locked)) and a.id = m.id and a.currency = m.currency
            and (a.owner_kind <> 'player' or a.balance + m.amount >= 0)
          returning a.id
        ), booked as (
          insert into ${ledgerEntries} (transaction_id, account_id, currency, amount)
          select ${transactionId}::uuid, m.id, m.currency, m.amount from moves m
          where (select count(*) from moved) = (select count(*) from moves)
          order by m.n
          returning id, account_id, currency, amount
        )
        select
          (select coalesce(json_agg(id), '[]') from moved) as moved,
          (select json_agg(json_build_object('id', id, 'accountId', account_id,
             'currency', currency, 'amount', amount) order by id) from booked) as entries`);
      // json columns: both drivers parse them; the bigints come back as JSON numbers (safe).
      const [row] = (result as { rows: { moved: string[]; entries: BookedEntry[] | null }[] }).rows;
      if (!row) throw new Error('bookEntries answered no row');
      return { moved: new Set(row.moved), entries: row.entries };
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
