import { sql, type SQL } from 'drizzle-orm';
import { BetStatus, InvoiceStatus, InvoiceType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';

/** A half-open range of instants: [from, to). */
export interface Range {
  from: Date;
  to: Date;
}

/**
 * The round postings' kinds (round-step.ts): the bulk of the ledger, and never on the promotions
 * account. The partial index ledger_transactions_not_round_created_idx (migration 0027) holds
 * every other transaction by time; the bonus-cost query repeats its predicate word for word, so
 * the planner can prove the index applies. Literals, not parameters, for the same reason.
 */
export const ROUND_POSTING_KINDS = ['bet', 'win', 'round', 'refund'] as const;
const notRoundKind = sql.raw(
  `t.kind not in (${ROUND_POSTING_KINDS.map((k) => `'${k}'`).join(', ')})`,
);
const lit = (n: number) => sql.raw(String(n));
const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date::text`);

const PAID_IN = [InvoiceType.Purchase, InvoiceType.Deposit].join(', ');
const PAID_OUT = [InvoiceType.Withdrawal, InvoiceType.VirtualPayout].join(', ');

export interface InvoiceDayRow {
  day: string;
  currency: string;
  purchases: unknown;
  purchase_count: unknown;
  redemptions: unknown;
  redemption_count: unknown;
}
export interface RoundDayRow {
  day: string;
  /** Null on the day's all-currency row (grouping set). */
  currency: string | null;
  stakes: unknown;
  wins: unknown;
  active_players: unknown;
}
export interface AmountDayRow {
  day: string;
  currency: string;
  amount: unknown;
}
export interface CountDayRow {
  day: string;
  count: unknown;
}

async function rows<T>(tx: Database, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The daily reports' SQL (decision 037), one grouped query per source, each over an index of
 * migration 0027: completed invoices by completion time, settled rounds by settlement time,
 * non-round ledger transactions by time (joined to their entries on the promotions account),
 * players by registration time. Days are UTC. Exported as statements so a test can EXPLAIN them.
 */
export const reportQueries = {
  /** Completed purchases/deposits and payouts, by the day they completed. */
  invoices: (r: Range) => sql`select ${day('processed_at')} as day, currency,
      coalesce(sum(amount) filter (where type in (${sql.raw(PAID_IN)})), 0)::bigint as purchases,
      count(*) filter (where type in (${sql.raw(PAID_IN)})) as purchase_count,
      coalesce(sum(amount) filter (where type in (${sql.raw(PAID_OUT)})), 0)::bigint as redemptions,
      count(*) filter (where type in (${sql.raw(PAID_OUT)})) as redemption_count
    from invoices
    where status = ${lit(InvoiceStatus.Success)}
      and processed_at >= ${r.from.toISOString()} and processed_at < ${r.to.toISOString()}
    group by 1, 2`,

  /**
   * Rounds settled that day: stakes and wins of the player's money (free spins staked the
   * house's; a refund gave the stake back), and the players who played, per currency and in all.
   */
  rounds: (r: Range) => sql`select ${day('settled_at')} as day, currency,
      coalesce(sum(bet) filter (where counted), 0)::bigint as stakes,
      coalesce(sum(payout) filter (where counted), 0)::bigint as wins,
      count(distinct player_id) as active_players
    from (select settled_at, currency, bet, payout, player_id,
        free_spin_id is null and status <> ${lit(BetStatus.Refunded)} as counted
      from game_rounds
      where settled_at >= ${r.from.toISOString()} and settled_at < ${r.to.toISOString()}) s
    group by grouping sets ((1, 2), (1))`,

  /**
   * What the house promotions accounts paid out, net of what came back, per day. Their ids are
   * passed as values, not joined by purpose: the planner then knows from the statistics how
   * many entries they hold (one of the largest accounts) and starts from the day's
   * transactions; joined, it guessed an average account and read every promotions entry ever.
   */
  bonusCost: (r: Range, promotions: string[]) => sql`select ${day('t.created_at')} as day,
      e.currency, (-sum(e.amount))::bigint as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    where ${notRoundKind}
      and t.created_at >= ${r.from.toISOString()} and t.created_at < ${r.to.toISOString()}
      and e.account_id in (${sql.join(
        promotions.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    group by 1, 2`,

  promotionsAccounts: () => sql`select id from ledger_accounts where purpose = 'promotions'`,

  registrations: (r: Range) => sql`select ${day('created_at')} as day, count(*) as count
    from players
    where created_at >= ${r.from.toISOString()} and created_at < ${r.to.toISOString()}
    group by 1`,
};

/** Runs the report queries (read only). */
export function createReportsRepo() {
  return {
    invoices: (tx: Database, r: Range) => rows<InvoiceDayRow>(tx, reportQueries.invoices(r)),
    rounds: (tx: Database, r: Range) => rows<RoundDayRow>(tx, reportQueries.rounds(r)),
    async bonusCost(tx: Database, r: Range): Promise<AmountDayRow[]> {
      const promotions = await rows<{ id: string }>(tx, reportQueries.promotionsAccounts());
      if (promotions.length === 0) return [];
      return rows<AmountDayRow>(
        tx,
        reportQueries.bonusCost(
          r,
          promotions.map((p) => p.id),
        ),
      );
    },
    registrations: (tx: Database, r: Range) =>
      rows<CountDayRow>(tx, reportQueries.registrations(r)),
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
