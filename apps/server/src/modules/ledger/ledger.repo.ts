import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runPrepared, toPrepared } from '../../db/prepared.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type HousePurpose,
} from '../../db/schema/index.ts';
import { noteEventRecorded, recordEventsSql } from '../../platform/events/outbox.repo.ts';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
/** What a posting's reply shows of each entry it booked. */
export type BookedEntry = Pick<LedgerEntryRow, 'id' | 'accountId' | 'currency' | 'amount'>;

/** What `POST_STATEMENT` answers: the new transaction row (all null on a taken key) and more. */
interface PostRow {
  id: string | null;
  idempotency_key: string;
  kind: string;
  request_hash: string;
  player_id: string | null;
  metadata: unknown;
  created_at: string;
  moved: string[];
  entries: BookedEntry[] | null;
}

/**
 * A posting in one statement, one round trip:
 * - `inserted`: the transaction row, `ON CONFLICT (idempotency_key) DO NOTHING`: a concurrent
 *   duplicate waits here on the unique index until the key's first writer commits (then nothing
 *   is inserted and nothing below happens) or rolls back (then this one inserts);
 * - only when the row is new: `locked` locks the player accounts `FOR UPDATE` in id order, so
 *   two postings never deadlock; `moved` moves each player balance only when the account is in
 *   the entry's currency and its balance stays ≥ 0 (re-checked on the newest row version), so a
 *   concurrent debit can never overdraw it; `house` checks the house accounts' currency without
 *   locking or updating them — a house account keeps no running balance (its balance is the sum
 *   of its entries), since every round and purchase of every player would otherwise queue on its
 *   row lock until commit (decision 010); `booked` inserts the entries only when every account
 *   passed;
 * - `announced` (decision 013): on the same condition, one `wallet.balance.updated` outbox row per
 *   player whose accounts moved, with their new balances, so no balance change goes unannounced
 *   whichever module posted it. A replay or a refusal writes none; a house-only posting neither.
 * `= any(array(…))` keeps every scan of the accounts on the primary key. A join on the JSON alone
 * would not: the planner takes `jsonb_to_recordset` for 100 rows and hashes a sequential scan of
 * all accounts, once per posting (`house` did until issue 21's re-measure found it).
 */
const POST_STATEMENT = sql`
  with inserted as (
    insert into ${ledgerTransactions} (idempotency_key, kind, request_hash, player_id, metadata)
    values (${sql.placeholder('key')}, ${sql.placeholder('kind')}, ${sql.placeholder('hash')},
      ${sql.placeholder('playerId')}::uuid, ${sql.placeholder('metadata')}::jsonb)
    on conflict (idempotency_key) do nothing
    returning *
  ), moves as (
    select m.* from jsonb_to_recordset(${sql.placeholder('moves')}::jsonb)
      as m(n int, id uuid, currency text, amount bigint)
    where exists (select from inserted)
  ), locked as (
    select a.id from ${ledgerAccounts} a
    where a.id = any(array(select id from moves)) and a.owner_kind <> 'house'
    order by a.id for update
  ), moved as (
    update ${ledgerAccounts} a
    set balance = a.balance + m.amount, updated_at = now()
    from moves m
    where a.id = any(array(select id from locked)) and a.id = m.id and a.currency = m.currency
      and a.balance + m.amount >= 0
    returning a.id, a.player_id, a.owner_kind, a.currency, a.balance, m.n
  ), house as (
    select a.id from ${ledgerAccounts} a join moves m on m.id = a.id and m.currency = a.currency
    where a.id = any(array(select id from moves)) and a.owner_kind = 'house'
  ), passed as (
    select id from moved union all select id from house
  ), complete as (
    select from inserted where (select count(*) from passed) = (select count(*) from moves)
  ), booked as (
    insert into ${ledgerEntries} (transaction_id, account_id, currency, amount)
    select i.id, m.id, m.currency, m.amount from moves m cross join inserted i
    where exists (select from complete)
    order by m.n
    returning id, account_id, currency, amount
  ), announced as (
    ${recordEventsSql('wallet.balance.updated', {
      playerId: sql`m.player_id`,
      payload: sql`jsonb_build_object('transactionId', i.id,
        'accounts', jsonb_agg(jsonb_build_object('accountId', m.id, 'playerId', m.player_id,
          'currency', m.currency, 'balance', m.balance) order by m.n))`,
      from: sql`from moved m cross join inserted i
        where m.owner_kind = 'player' and exists (select from complete)
        group by m.player_id, i.id`,
    })}
  )
  select i.id, i.idempotency_key, i.kind, i.request_hash, i.player_id, i.metadata, i.created_at,
    (select coalesce(json_agg(id), '[]') from passed) as moved,
    (select json_agg(json_build_object('id', id, 'accountId', account_id,
       'currency', currency, 'amount', amount) order by id) from booked) as entries
  from (select 1) one left join inserted i on true`;
const POST_QUERY = toPrepared(POST_STATEMENT);

/**
 * Many new postings in one statement (decision 072), for a batch whose caller has already
 * checked, holding the players' rows, that each posting in order leaves every player balance
 * ≥ 0. `inserted`: the transaction rows, `ON CONFLICT DO NOTHING` (the caller's keys are new:
 * any taken key shows as a missing row and the caller rolls the batch back); `locked`: the
 * player accounts, `FOR UPDATE` in id order as every posting locks them; `moved`: each account
 * moved once by the sum of its entries, only in its currency and only when the result stays ≥ 0
 * (the sum's check covers the last balance; the caller's check covers the ones between);
 * `house`: the house accounts' currency checked, never locked (decision 010); `booked`: the
 * entries; `announced`: one `wallet.balance.updated` per player whose accounts moved, with the
 * balances after the whole batch and the player's last transaction of it — what the player
 * holds once the batch commits. The answer says whether every row was written; when not, the
 * caller must roll back. Scans stay on primary keys (`= any(array(…))`, see POST_STATEMENT).
 */
const POST_MANY_STATEMENT = sql`
  with posts as (
    select p.* from jsonb_to_recordset(${sql.placeholder('posts')}::jsonb)
      as p(n int, key text, kind text, hash text, player_id uuid, metadata jsonb)
  ), inserted as (
    insert into ${ledgerTransactions} (idempotency_key, kind, request_hash, player_id, metadata)
    select key, kind, hash, player_id, metadata from posts order by n
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key
  ), moves as (
    select m.* from jsonb_to_recordset(${sql.placeholder('moves')}::jsonb)
      as m(n int, post int, id uuid, currency text, amount bigint)
  ), sums as (
    select id, currency, sum(amount)::bigint as amount from moves group by id, currency
  ), locked as (
    select a.id from ${ledgerAccounts} a
    where a.id = any(array(select id from moves)) and a.owner_kind <> 'house'
    order by a.id for update
  ), moved as (
    update ${ledgerAccounts} a
    set balance = a.balance + s.amount, updated_at = now()
    from sums s
    where a.id = any(array(select id from locked)) and a.id = s.id and a.currency = s.currency
      and a.balance + s.amount >= 0
    returning a.id, a.player_id, a.owner_kind, a.currency, a.balance
  ), house as (
    select a.id from ${ledgerAccounts} a join sums s on s.id = a.id and s.currency = a.currency
    where a.id = any(array(select id from sums)) and a.owner_kind = 'house'
  ), booked as (
    insert into ${ledgerEntries} (transaction_id, account_id, currency, amount)
    select i.id, m.id, m.currency, m.amount
    from moves m join posts p on p.n = m.post join inserted i on i.idempotency_key = p.key
    order by m.post, m.n
    returning id
  ), announced as (
    ${recordEventsSql('wallet.balance.updated', {
      playerId: sql`m.player_id`,
      payload: sql`jsonb_build_object('transactionId', (select i.id from posts p
          join inserted i on i.idempotency_key = p.key where p.player_id = m.player_id
          order by p.n desc limit 1),
        'accounts', jsonb_agg(jsonb_build_object('accountId', m.id, 'playerId', m.player_id,
          'currency', m.currency, 'balance', m.balance) order by m.id))`,
      from: sql`from moved m where m.owner_kind = 'player' group by m.player_id`,
    })}
  )
  select (select count(*) from posts)::int as posts,
    (select count(*) from inserted)::int as inserted,
    (select count(*) from sums)::int as accounts,
    ((select count(*) from moved) + (select count(*) from house))::int as passed,
    (select count(*) from moves)::int as moves,
    (select count(*) from booked)::int as booked,
    (select coalesce(json_agg(json_build_object('key', idempotency_key, 'id', id)), '[]')
      from inserted) as ids,
    (select coalesce(json_agg(json_build_object('id', id, 'balance', balance)), '[]')
      from moved) as balances`;
const POST_MANY_QUERY = toPrepared(POST_MANY_STATEMENT);

/**
 * The balance of the ledger account aliased `a`: a player account's cached one, a house
 * account's sum of entries (house accounts keep no running balance; see POST_STATEMENT).
 */
export const ACCOUNT_BALANCE = sql`case when a.owner_kind = 'house'
  then coalesce((select sum(e.amount) from ${ledgerEntries} e where e.account_id = a.id), 0)
  else a.balance end`;

/** The only place that touches the ledger tables' rows for postings. */
export function createLedgerRepo(db: Database) {
  return {
    db,

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
     * Books a posting in one statement (`POST_STATEMENT`): inserts its transaction row and, only
     * when that row is new, books its entries (see there). `row` is undefined when the key is
     * taken: the statement waited on the unique index for the key's first writer to finish, and
     * the caller replays (in a later statement, whose snapshot sees the first writer's commit).
     * When `entries` is null with a row, any id missing from `moved` is unknown, in another
     * currency or short of funds: nothing was booked and the caller must roll back.
     */
    async postTransaction(
      tx: Database,
      values: {
        idempotencyKey: string;
        kind: string;
        requestHash: string;
        playerId: string | null;
        metadata: Record<string, unknown>;
      },
      moves: { accountId: string; currency: string; amount: number }[],
    ): Promise<{
      row: LedgerTransactionRow | undefined;
      moved: Set<string>;
      entries: BookedEntry[] | null;
    }> {
      // Its outbox insert (`announced`) is part of the statement: the commit wakes delivery.
      noteEventRecorded();
      // Named: node-postgres parses and plans it once per connection, not once per posting.
      const [out] = await runPrepared<PostRow>(tx, POST_QUERY, 'ledger_post_v4', {
        key: values.idempotencyKey,
        kind: values.kind,
        hash: values.requestHash,
        playerId: values.playerId,
        // One JSON parameter each: both drivers pass them the same way, whatever the count.
        metadata: JSON.stringify(values.metadata),
        moves: JSON.stringify(
          moves.map((e, n) => ({ n, id: e.accountId, currency: e.currency, amount: e.amount })),
        ),
      });
      if (!out) throw new Error('postTransaction answered no row');
      // Raw rows: map the columns exactly as a drizzle select of the row would (replays do).
      const row: LedgerTransactionRow | undefined =
        out.id === null
          ? undefined
          : {
              id: out.id,
              idempotencyKey: out.idempotency_key,
              kind: out.kind,
              requestHash: out.request_hash,
              playerId: out.player_id,
              metadata: ledgerTransactions.metadata.mapFromDriverValue(out.metadata) as Record<
                string,
                unknown
              >,
              // What drizzle's timestamptz column does with the text both drivers return.
              createdAt: new Date(out.created_at),
            };
      // json columns: both drivers parse them; the bigints come back as JSON numbers (safe).
      return { row, moved: new Set(out.moved), entries: out.entries };
    },

    /**
     * Books new postings in one statement (`POST_MANY_STATEMENT`); answers each posting's
     * transaction id by key and each moved non-house account's balance after the batch, or null
     * when anything was refused (a key taken, an account missing, in another currency or short):
     * nothing must commit then, the caller rolls back.
     */
    async postMany(
      tx: Database,
      posts: {
        idempotencyKey: string;
        kind: string;
        requestHash: string;
        playerId: string | null;
        metadata: Record<string, unknown>;
        moves: { accountId: string; currency: string; amount: number }[];
      }[],
    ): Promise<{ ids: Map<string, string>; balances: Map<string, number> } | null> {
      if (posts.length === 0) return { ids: new Map(), balances: new Map() };
      noteEventRecorded();
      const [out] = await runPrepared<{
        posts: number;
        inserted: number;
        accounts: number;
        passed: number;
        moves: number;
        booked: number;
        ids: { key: string; id: string }[];
        balances: { id: string; balance: number | string }[];
      }>(tx, POST_MANY_QUERY, 'ledger_post_many_v1', {
        posts: JSON.stringify(
          posts.map((p, n) => ({
            n,
            key: p.idempotencyKey,
            kind: p.kind,
            hash: p.requestHash,
            player_id: p.playerId,
            metadata: p.metadata,
          })),
        ),
        moves: JSON.stringify(
          posts.flatMap((p, post) =>
            p.moves.map((e, n) => ({
              n,
              post,
              id: e.accountId,
              currency: e.currency,
              amount: e.amount,
            })),
          ),
        ),
      });

      if (!out) throw new Error('postMany answered no row');
      const complete =
        out.inserted === out.posts && out.passed === out.accounts && out.booked === out.moves;
      if (!complete) return null;
      return {
        ids: new Map(out.ids.map((r) => [r.key, r.id])),
        balances: new Map(out.balances.map((r) => [r.id, Number(r.balance)])),
      };
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
