/**
 * Bonus expiry benchmark (issue 14, decision 024): on PostgreSQL, in a fresh database of its own,
 * sets up BENCH_BONUSES (100,000) players each holding an active GC bonus past its deadline with
 * its money in their bonus account (direct SQL: one funding posting for all), then times one run
 * of the expiry job exactly as the outbox leader runs it (`createBonusExpiry(...).run()`), against
 * the target of 10 s. Checks that every bonus expired, every bonus account is back at 0 and the
 * ledger invariants hold. Prints a summary, writes bench/results/bonus-expiry-<date>.json and
 * drops the database. Never fails on numbers.
 *
 *   npm run bench:bonus-expiry
 *
 * Environment: DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_BONUSES (default 100000), BENCH_KEEP_DB=1 (keep the database afterwards).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import { createBonusEvents } from '../../apps/server/src/modules/bonus/bonus-events.ts';
import { createBonusExpiryRepo } from '../../apps/server/src/modules/bonus/bonus-expiry.repo.ts';
import { createBonusExpiry } from '../../apps/server/src/modules/bonus/bonus-expiry.service.ts';
import { createBonusLedger } from '../../apps/server/src/modules/bonus/bonus-ledger.ts';
import { createBonusLifecycle } from '../../apps/server/src/modules/bonus/bonus-lifecycle.service.ts';
import { createBonusRepo } from '../../apps/server/src/modules/bonus/bonus.repo.ts';
import { runLedgerInvariants } from '../../apps/server/src/modules/ledger/ledger-invariants.repo.ts';
import { createLedgerRepo } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { createSweepsCreditsRepo } from '../../apps/server/src/modules/sweeps/sweeps-credits.repo.ts';
import { createOutboxRepo } from '../../apps/server/src/platform/events/outbox.repo.ts';
import { ignoreTerminated, migrate, onServer as onServerAt } from '../lib/ledger-kit.ts';
import { fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BONUSES = Number(process.env.BENCH_BONUSES ?? 100_000);
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const TARGET_S = 10;
const AMOUNT = 5_000;

const onServer = (statement: string) => onServerAt(SERVER_URL, statement);

/** The due bonuses and their money, in a handful of set-based statements. */
async function setUp(pool: pg.Pool): Promise<void> {
  await pool.query(
    `
    insert into players (email, password_hash)
    select 'bench-' || i || '@example.com', 'not-a-hash' from generate_series(1, $1::int) i`,
    [BONUSES],
  );
  await pool.query(
    `
    insert into ledger_accounts (owner_kind, player_id, currency, balance)
    select 'bonus', id, 'GC', $1 from players`,
    [AMOUNT],
  );
  await pool.query(`
    insert into ledger_accounts (owner_kind, purpose, currency) values ('house', 'promotions', 'GC')
    on conflict do nothing`);
  // One funding posting: promotions → every bonus account, balanced, so the invariants hold.
  await pool.query(
    `
    with tx as (
      insert into ledger_transactions (idempotency_key, kind, request_hash)
      values ('bench:bonus-expiry:fund', 'bonus.fund', 'bench') returning id
    )
    insert into ledger_entries (transaction_id, account_id, currency, amount)
    select tx.id, a.id, 'GC', a.balance from tx, ledger_accounts a where a.owner_kind = 'bonus'
    union all
    select tx.id, h.id, 'GC', -$1::bigint * $2::bigint
    from tx, ledger_accounts h where h.purpose = 'promotions' and h.currency = 'GC'`,
    [AMOUNT, BONUSES],
  );
  await pool.query(
    `
    insert into player_bonuses (player_id, bonus_id, status, currency, amount, wagering_required,
      contributions, source, expires_at, complete_within_hours, activated_at)
    select p.id, d.id, 2, 'GC', $1, $1, d.contributions, 'bench', now() - interval '1 minute',
      168, now() - interval '1 day'
    from players p, bonus_definitions d where d.slug = 'holiday-2026'`,
    [AMOUNT],
  );
  await pool.query('analyze');
}

async function main(): Promise<void> {
  const name = `coinfall_bench_bonus_expiry_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  console.log(
    `Coinfall bonus expiry benchmark: ${BONUSES} due active bonuses, ` +
      `${os.cpus().length} CPU(s), node ${process.version}`,
  );
  await onServer(`create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', ignoreTerminated);
  try {
    await migrate(url.toString());
    const setupStart = performance.now();
    await setUp(pool);
    const setupS = (performance.now() - setupStart) / 1000;

    const db: Database = drizzle({ client: pool });
    const repo = createBonusRepo(db);
    const events = createBonusEvents(createOutboxRepo(db));
    const ledger = createBonusLedger({
      ledger: createLedgerService({ repo: createLedgerRepo(db) }),
      repo,
      // Expiry never pays cash: the wallet's account opening is not reached.
      wallet: { accountIn: () => Promise.reject(new Error('expiry pays no cash')) },
      credits: createSweepsCreditsRepo(db),
    });
    const lifecycle = createBonusLifecycle({ repo, ledger, events });
    const expiry = createBonusExpiry({
      repo: createBonusExpiryRepo(db),
      ledger,
      events,
      activateQueued: lifecycle.activateIssued,
      now: () => new Date(),
    });

    const start = performance.now();
    const ran = await expiry.run();
    const seconds = (performance.now() - start) / 1000;

    const [left] = (
      await pool.query<{ open: string; funded: string }>(`
        select (select count(*) from player_bonuses where status in (1, 2)) as open,
          (select count(*) from ledger_accounts where owner_kind = 'bonus' and balance <> 0) as funded`)
    ).rows;
    const broken = (await runLedgerInvariants(db)).filter((r) => r.violations > 0);
    console.log(
      table([
        ['Measure', 'Value', 'Against'],
        ['setup (SQL)', `${fixed(setupS, 1)} s`, '—'],
        [
          'one expiry run',
          `${fixed(seconds, 2)} s for ${ran.bonuses} bonuses (${fixed(ran.bonuses / seconds)}/s)`,
          `target ${TARGET_S} s: ratio ${fixed(seconds / TARGET_S, 2)} (≤ 1 meets it)`,
        ],
        ['left unfinished / funded', `${left?.open ?? '?'} / ${left?.funded ?? '?'}`, '0 / 0'],
        ['ledger invariants violated', String(broken.length), '0'],
      ]),
    );
    saveResults('bonus-expiry', {
      bonuses: BONUSES,
      expired: ran.bonuses,
      seconds,
      targetSeconds: TARGET_S,
      ratio: seconds / TARGET_S,
      setupSeconds: setupS,
      open: Number(left?.open),
      funded: Number(left?.funded),
      invariantsBroken: broken.length,
    });
  } finally {
    await pool.end();
    if (!KEEP_DB) await onServer(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
