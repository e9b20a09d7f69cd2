import { performance } from 'node:perf_hooks';
import type pg from 'pg';

export interface Generated {
  seconds: number;
  rounds: number;
  ledgerEntries: number;
  busiestDay: string;
  entriesOnBusiestDay: number;
  deviceLinks: number;
}

/**
 * The benchmark's data, set-based (generate_series), on one connection with triggers and foreign
 * key checks off (session_replication_role = replica: the rows are built consistent) and
 * asynchronous commits. Every index of the migrations is rebuilt after the load, so the tables
 * end as a live database's would. Rounds are two postings each (bet, then win: 4 entries) and 90 % of the
 * entries; the rest are promotions postings (what the bonus cost reads). Times spread over `days`
 * days back from now; deterministic ids (md5) tie entries to their transactions. Device links
 * (visitor ids) give the player search by device something to find.
 */
export async function generate(
  pool: pg.Pool,
  size: { players: number; entries: number; days: number },
): Promise<Generated> {
  const rounds = Math.floor((size.entries * 0.9) / 4);
  const promotions = Math.floor((size.entries - rounds * 4) / 2);
  const accounts = Math.min(100_000, size.players);
  const invoices = Math.min(200_000, Math.floor(size.players / 5));
  const at = (i: string) =>
    `now() - ((${i} % ${size.days}) * interval '1 day') - ((${i}::bigint * 7919 % 86400) * interval '1 second')`;

  const client = await pool.connect();
  const started = performance.now();
  const step = async (what: string, statement: string) => {
    const t = performance.now();
    await client.query(statement);
    console.log(`  ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query(`set session_replication_role = replica;
      set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
    // Indexes are built once after the load (a sort each) rather than row by row: the same
    // indexes in the end, minutes sooner. Constraint indexes (primary keys) stay.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename = any($1)
         and indexname not in (select conname from pg_constraint)`,
      [
        [
          'players',
          'game_rounds',
          'ledger_transactions',
          'ledger_entries',
          'invoices',
          'device_links',
        ],
      ],
    );
    for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);
    console.log('Generating:');
    await step(
      `${size.players} players`,
      `insert into players (email, password_hash, nickname, created_at)
       select substr(md5(i::text), 1, 12) || '.' || i || '@example.com', 'x', 'player' || i, ${at('i')}
       from generate_series(1, ${size.players}) i`,
    );
    // Device links (decision 049): every player on a device of their own (visitor id
    // md5('d' || n)), every tenth on the previous player's device too (a shared device: two
    // players), and three in ten on a second device of their own. n is the player's number, read
    // back from the generated email.
    const links =
      size.players + Math.floor(size.players / 10) + Math.floor((size.players * 3) / 10);
    await step(
      `${links} device links`,
      `insert into device_links (visitor_id, player_id, first_seen_at, last_seen_at, seen_count)
       select v.visitor, p.id, p.created_at, p.created_at + interval '1 hour', 1 + n % 7
       from (select id, created_at, split_part(split_part(email, '@', 1), '.', 2)::int as n
             from players) p
       cross join lateral (
         select md5('d' || p.n) as visitor
         union all select md5('d' || (p.n - 1)) where p.n % 10 = 0
         union all select md5('e' || p.n) where p.n % 10 between 1 and 3
       ) v`,
    );
    await step(
      `${accounts} SC accounts, house accounts`,
      `insert into ledger_accounts (owner_kind, player_id, currency, status)
         select 'player', id, 'SC', 1 from players limit ${accounts};
       insert into ledger_accounts (owner_kind, purpose, currency)
         values ('house', 'bankroll', 'SC'), ('house', 'promotions', 'SC') on conflict do nothing;
       create temp table acct as
         select row_number() over (order by id) - 1 as n, id, player_id from ledger_accounts
         where owner_kind = 'player';
       create unique index on acct (n);
       create temp table house as select
         (select id from ledger_accounts where purpose = 'bankroll' and currency = 'SC') as bankroll,
         (select id from ledger_accounts where purpose = 'promotions' and currency = 'SC') as promo;
       insert into game_sessions (token_hash, player_id, game_id, account_id, currency, device, expires_at)
         select 'bench', a.player_id, (select id from games where identity = 'dice'), a.id, 'SC',
           'desktop', now() from acct a where n = 0;
       insert into fairness_seeds (player_id, server_seed, server_seed_hash, client_seed)
         select player_id, 'bench', 'bench', 'bench' from acct where n = 0`,
    );
    await step(
      `${rounds} settled rounds`,
      `insert into game_rounds (player_id, game_id, session_id, seed_id, nonce, currency, bet,
         payout, status, params, state, view, created_at, settled_at)
       select a.player_id, s.game_id, s.id, f.id, i, 'SC', 100, 50 + (i % 5) * 30,
         case when 50 + (i % 5) * 30 > 100 then 2 else 3 end, '{}', '{}', '{}',
         ${at('i')} - interval '1 second', ${at('i')}
       from generate_series(1, ${rounds}) i
       join acct a on a.n = i % ${accounts}
       cross join (select id, game_id from game_sessions limit 1) s
       cross join (select id from fairness_seeds limit 1) f`,
    );
    await step(
      `${rounds * 2 + promotions} ledger transactions`,
      `insert into ledger_transactions (id, idempotency_key, kind, request_hash, player_id, created_at)
       select md5('r' || k || i)::uuid, 'r:' || k || ':' || i, k, 'bench', a.player_id, ${at('i')}
       from generate_series(1, ${rounds}) i join acct a on a.n = i % ${accounts}
       cross join (values ('bet'), ('win')) v(k)
       union all
       select md5('p' || i)::uuid, 'p:' || i, 'bonus.cash', 'bench', a.player_id, ${at('i')}
       from generate_series(1, ${promotions}) i join acct a on a.n = i % ${accounts}`,
    );
    await step(
      `${rounds * 4 + promotions * 2} ledger entries`,
      `insert into ledger_entries (transaction_id, account_id, currency, amount, created_at)
       select md5('r' || v.k || i)::uuid, case when v.player then a.id else h.bankroll end, 'SC',
         v.sign * case when v.k = 'bet' then -100 else 50 + (i % 5) * 30 end, ${at('i')}
       from generate_series(1, ${rounds}) i join acct a on a.n = i % ${accounts}
       cross join house h
       cross join (values ('bet', true, 1), ('bet', false, -1), ('win', true, 1), ('win', false, -1))
         v(k, player, sign)
       union all
       select md5('p' || i)::uuid, case when v.player then a.id else h.promo end, 'SC',
         v.sign * 50, ${at('i')}
       from generate_series(1, ${promotions}) i join acct a on a.n = i % ${accounts}
       cross join house h
       cross join (values (true, 1), (false, -1)) v(player, sign)`,
    );
    await step(
      `${invoices} completed purchases`,
      `insert into invoices (player_id, type, status, amount, currency, amount_base, provider,
         created_at, updated_at, processed_at)
       select a.player_id, 3, 2, 999, 'USD', 999, 'bench', ${at('i')}, ${at('i')}, ${at('i')}
       from generate_series(1, ${invoices}) i join acct a on a.n = i % ${accounts}`,
    );
    await step(`${indexes.length} indexes`, indexes.map((i) => `${i.indexdef};`).join('\n'));
    // As autovacuum leaves a live table: statistics, and the visibility map index-only scans need.
    await step('vacuum analyze', 'vacuum analyze');
    // A whole day inside the generated span; its entries: 4 per round, 2 per promotions posting.
    const [busiest] = (
      await client.query<{ day: string; n: string }>(
        `select d::text as day,
           4 * (select count(*) from game_rounds where settled_at >= d and settled_at < d + 1)
           + 2 * (select count(*) from ledger_transactions where kind = 'bonus.cash'
               and created_at >= d and created_at < d + 1) as n
         from (select (now() at time zone 'UTC')::date - 2 as d) x`,
      )
    ).rows;
    return {
      seconds: (performance.now() - started) / 1000,
      rounds,
      ledgerEntries: rounds * 4 + promotions * 2,
      busiestDay: busiest?.day ?? new Date().toISOString().slice(0, 10),
      entriesOnBusiestDay: Number(busiest?.n ?? 0),
      deviceLinks: links,
    };
  } finally {
    await client.query('reset session_replication_role').catch(() => undefined);
    client.release();
  }
}
