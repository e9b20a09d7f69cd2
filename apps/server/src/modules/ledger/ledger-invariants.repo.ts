import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface InvariantResult {
  name: string;
  description: string;
  violations: number;
}

/**
 * The ledger's invariants of design/fairness-and-ledger.md §2, each a query counting the rows
 * that break it. They hold at every commit, so they can run against a live database.
 */
const INVARIANTS: { name: string; description: string; query: SQL }[] = [
  {
    name: 'transaction-balanced',
    description: 'entries of each transaction sum to 0 per currency',
    query: sql`select count(*)::int as n from (
      select transaction_id, currency from ledger_entries
      group by transaction_id, currency having sum(amount) <> 0) v`,
  },
  {
    name: 'transaction-two-entries',
    description: 'each transaction has at least two entries',
    query: sql`select count(*)::int as n from ledger_transactions t
      where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2`,
  },
  {
    // ledger_entries has no foreign keys (decision 010): the posting statement books only rows
    // it has just written or locked, and this check catches anything written behind its back.
    name: 'entry-references',
    description: 'each entry names an existing transaction and account',
    query: sql`select count(*)::int as n from ledger_entries e
      where not exists (select from ledger_transactions t where t.id = e.transaction_id)
        or not exists (select from ledger_accounts a where a.id = e.account_id)`,
  },
  {
    name: 'entry-currency',
    description: 'each entry is in its account’s currency',
    query: sql`select count(*)::int as n from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.currency <> e.currency`,
  },
  {
    // House accounts keep no running balance (a CHECK holds theirs at 0): theirs is their entries.
    name: 'balance-equals-entries',
    description: 'each player (cash or bonus) account’s balance equals the sum of its entries',
    query: sql`select count(*)::int as n from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e
        on e.account_id = a.id
      where a.owner_kind <> 'house' and a.balance <> coalesce(e.total, 0)`,
  },
  {
    name: 'currency-sums-to-zero',
    description: 'player balances and house entries of a currency sum to 0',
    query: sql`select count(*)::int as n from (
      select currency from (
        select currency, balance as amount from ledger_accounts where owner_kind <> 'house'
        union all
        select e.currency, e.amount from ledger_entries e
          join ledger_accounts a on a.id = e.account_id where a.owner_kind = 'house'
      ) held group by currency having sum(amount) <> 0) v`,
  },
  {
    name: 'player-balance-non-negative',
    description: 'no player balance below 0',
    query: sql`select count(*)::int as n from ledger_accounts
      where owner_kind <> 'house' and balance < 0`,
  },
  {
    // Redemptions are paid out of redemptions_clearing, so that is the redeemable side today;
    // player-level redeemable balances (SC won vs. SC bought) come with redemptions.
    name: 'gc-never-redeemable',
    description: 'Gold Coins never reach a redeemable account',
    query: sql`select count(*)::int as n from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      where e.currency = 'GC' and a.purpose = 'redemptions_clearing'`,
  },
];

/** Runs every invariant; a healthy ledger answers 0 violations for each. */
export async function runLedgerInvariants(db: Database): Promise<InvariantResult[]> {
  const results: InvariantResult[] = [];
  for (const { name, description, query } of INVARIANTS) {
    // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
    const result: unknown = await db.execute(query);
    const { rows } = result as { rows: { n: number }[] };
    results.push({ name, description, violations: Number(rows[0]?.n ?? 0) });
  }
  return results;
}
