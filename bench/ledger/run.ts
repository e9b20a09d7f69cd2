/**
 * Ledger benchmark (design/fairness-and-ledger.md §2): on PostgreSQL, in a fresh database of its
 * own, measures side by side in one run with one pool of BENCH_CLIENTS connections,
 *   (a) ledger transfers/s: one `ledgerService.post` per database transaction, moving a small
 *       amount between two random player accounts of one currency (unique idempotency key),
 *   (b) the baseline: pgbench-style single-row `UPDATE … SET balance = balance + $1 WHERE id = $2`
 *       transactions/s on a table with as many rows as there are player accounts;
 *       ratio a/b, target >= 0.5,
 *   (c) for information, bets against the house: player → house bankroll, so every posting of
 *       a currency waits for the one house row (decision 010, "Known cost").
 * Each measure also reports CPU per operation of this process and of the database's backends
 * (read from /proc when PostgreSQL runs on this machine): on a shared machine that is steadier
 * than the rates. Then checks the ledger invariants on what was booked. Prints a summary, writes
 * bench/results/ledger-<date>.json and drops the database. Never fails on numbers.
 *
 *   npm run bench:ledger
 *
 * Environment: DATABASE_URL (server to use, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_DURATION (s per measure, default 10), BENCH_CLIENTS (default 16), BENCH_PLAYERS
 * (default 1000; each has a GC and an SC account), BENCH_SKIP_HOUSE=1 (skip c).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { seedDatabase } from '../../apps/server/src/db/seed/index.ts';
import type { PostingInput } from '../../apps/server/src/modules/ledger/ledger.fns.ts';
import { runLedgerInvariants } from '../../apps/server/src/modules/ledger/ledger-invariants.repo.ts';
import { createLedgerRepo } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { DURATION_S, WARMUP_S, fixed, table } from '../lib/load.ts';
import { ROOT } from '../lib/server.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const SKIP_HOUSE = process.env.BENCH_SKIP_HOUSE === '1';
const CURRENCIES = ['GC', 'SC'] as const;
/** Every player starts with this much of each currency: transfers never run out. */
const OPENING_BALANCE = 1_000_000_000;
const TARGET = 0.5;

interface Measure {
  operations: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU per operation: steadier than rates when other work shares the machine. */
  benchCpuMsPerOp: number;
  /** Of the database's backends; NaN when the server is not on this machine (no /proc). */
  postgresCpuMsPerOp: number;
  firstError?: string;
}

const CLOCK_TICKS_PER_S = 100;

/** CPU seconds used so far by this database's backends, read from /proc; NaN if unreadable. */
async function postgresCpuSeconds(pool: pg.Pool, database: string): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [database],
  );
  try {
    return rows.reduce((sum, { pid }) => {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
    }, 0);
  } catch {
    return NaN;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CLIENTS workers call `operation` back to back for `seconds`; a failed call counts as an error. */
async function drive(
  pool: pg.Pool,
  database: string,
  operation: () => Promise<void>,
  seconds: number,
): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await operation();
        latencies.push(performance.now() - started);
      } catch (err) {
        errors += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  const postgresBefore = await postgresCpuSeconds(pool, database);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const postgresS = (await postgresCpuSeconds(pool, database)) - postgresBefore;
  const sorted = Float64Array.from(latencies).sort();
  return {
    operations: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors,
    benchCpuMsPerOp: (cpu.user + cpu.system) / 1000 / latencies.length,
    postgresCpuMsPerOp: (postgresS * 1000) / latencies.length,
    ...(firstError ? { firstError } : {}),
  };
}

/** A discarded warm-up, then the measured run. */
async function measure(
  pool: pg.Pool,
  database: string,
  name: string,
  operation: () => Promise<void>,
): Promise<Measure> {
  process.stdout.write(`${name}: warm-up ${WARMUP_S} s, then ${DURATION_S} s … `);
  await drive(pool, database, operation, WARMUP_S);
  const result = await drive(pool, database, operation, DURATION_S);
  console.log(`${fixed(result.perSecond)}/s`);
  return result;
}

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The app's migrations and reference data, run exactly as the server runs them. */
async function migrate(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
  try {
    await database.migrate();
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
}

/** PLAYERS players with a GC and an SC account each, funded from the house promotions account. */
async function seedPlayers(
  db: Database,
  ledger: ReturnType<typeof createLedgerService>,
): Promise<Record<(typeof CURRENCIES)[number], string[]>> {
  await db.execute(sql`
    insert into players (email, password_hash)
    select 'bench-' || i || '@example.com', 'not-a-hash' from generate_series(1, ${PLAYERS}) i`);
  await db.execute(sql`
    insert into ledger_accounts (owner_kind, player_id, currency)
    select 'player', p.id, c.code from players p cross join (values ('GC'), ('SC')) c(code)`);
  const accounts = { GC: [] as string[], SC: [] as string[] };
  for (const currency of CURRENCIES) {
    const result: unknown = await db.execute(
      sql`select id from ledger_accounts where owner_kind = 'player' and currency = ${currency}`,
    );
    const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
    accounts[currency] = ids;
    // A few large postings rather than one per player: seeding is not what is measured.
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await db.transaction((tx) =>
        ledger.post(tx, {
          idempotencyKey: `bench-seed-${currency}-${i}`,
          kind: 'promotion',
          entries: [
            ...chunk.map((accountId) => ({
              account: { accountId },
              currency,
              amount: OPENING_BALANCE,
            })),
            { account: { house: 'promotions' }, currency, amount: -OPENING_BALANCE * chunk.length },
          ],
        }),
      );
    }
  }
  return accounts;
}

async function main(): Promise<void> {
  const name = `coinfall_bench_ledger_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  console.log(
    `Coinfall ledger benchmark: ${CLIENTS} clients, ${PLAYERS} players × ${CURRENCIES.length} accounts, ` +
      `${WARMUP_S} s warm-up + ${DURATION_S} s per measure, ${os.cpus().length} CPU(s), node ${process.version}`,
  );
  await onServer(`create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: CLIENTS });
  try {
    await migrate(url.toString());
    const [{ server_version: pgVersion } = { server_version: '?' }] = (
      await pool.query<{ server_version: string }>('show server_version')
    ).rows;
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    const ledger = createLedgerService({ repo: createLedgerRepo(db) });
    const accounts = await seedPlayers(db, ledger);
    const rows = PLAYERS * CURRENCIES.length;
    await pool.query(
      `create table bench_accounts (id int primary key, balance bigint not null);
       insert into bench_accounts select i, ${OPENING_BALANCE} from generate_series(1, ${rows}) i`,
    );
    // One statement each: VACUUM refuses to run inside the implicit multi-statement transaction.
    await pool.query('vacuum analyze bench_accounts');
    await pool.query('vacuum analyze ledger_accounts');

    let sequence = 0;
    const run = Date.now().toString(36);
    const pick = () => {
      const currency = CURRENCIES[randomInt(CURRENCIES.length)]!;
      const ids = accounts[currency];
      const from = randomInt(ids.length);
      // A different account: the other one of a random pair.
      const to = (from + 1 + randomInt(ids.length - 1)) % ids.length;
      return { currency, from: ids[from]!, to: ids[to]!, amount: 1 + randomInt(100) };
    };
    const post = (input: PostingInput) => db.transaction((tx) => ledger.post(tx, input));

    const baseline = await measure(pool, name, '(b) UPDATE baseline', async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('update bench_accounts set balance = balance + $1 where id = $2', [
          randomInt(-100, 101),
          1 + randomInt(rows),
        ]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    });

    const transfers = await measure(pool, name, '(a) ledger transfers', async () => {
      const { currency, from, to, amount } = pick();
      await post({
        idempotencyKey: `bench-${run}-${(sequence += 1)}`,
        kind: 'transfer',
        entries: [
          { account: { accountId: from }, currency, amount: -amount },
          { account: { accountId: to }, currency, amount },
        ],
      });
    });

    const house = SKIP_HOUSE
      ? undefined
      : await measure(pool, name, '(c) bets against the house', async () => {
          const { currency, from, amount } = pick();
          await post({
            idempotencyKey: `bench-${run}-${(sequence += 1)}`,
            kind: 'bet',
            entries: [
              { account: { accountId: from }, currency, amount: -amount },
              { account: { house: 'bankroll' }, currency, amount },
            ],
          });
        });

    const invariants = await runLedgerInvariants(db);
    const violations = invariants.filter((r) => r.violations > 0);
    const ratio = transfers.perSecond / baseline.perSecond;

    console.log(
      `\n${table([
        ['measure', 'ops/s', 'p50 ms', 'p99 ms', 'ops', 'errors', 'CPU ms/op: bench', 'postgres'],
        ...(
          [
            ['(a) ledger transfer, player → player', transfers],
            ['(b) UPDATE one row (baseline)', baseline],
            ...(house ? [['(c) bet, player → house bankroll', house]] : []),
          ] as [string, Measure][]
        ).map(([label, m]) => [
          label,
          fixed(m.perSecond),
          fixed(m.p50Ms, 2),
          fixed(m.p99Ms, 2),
          String(m.operations),
          String(m.errors),
          fixed(m.benchCpuMsPerOp, 2),
          fixed(m.postgresCpuMsPerOp, 2),
        ]),
      ])}`,
    );
    const cpuPerOp = (m: Measure) => m.benchCpuMsPerOp + m.postgresCpuMsPerOp;
    const cpuRatio = cpuPerOp(baseline) / cpuPerOp(transfers);
    console.log(`\ntransfers/s ÷ UPDATE tx/s = ${fixed(ratio, 2)} (target ≥ ${TARGET})`);
    console.log(
      `CPU per UPDATE tx ÷ CPU per transfer = ${fixed(cpuRatio, 2)} (bench + postgres; ` +
        'what the rate ratio tends to when the CPUs are the limit)',
    );
    for (const m of [transfers, baseline, house]) {
      if (m?.firstError) console.log(`first error: ${m.firstError}`);
    }
    console.log(
      violations.length === 0
        ? `ledger invariants: all ${invariants.length} hold after the run`
        : `ledger invariants FAIL: ${violations.map((v) => `${v.name} (${v.violations})`).join(', ')}`,
    );

    const resultsDir = path.join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `ledger-${new Date().toISOString().slice(0, 10)}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          machine: { cpus: os.cpus().length, node: process.version, postgres: pgVersion },
          settings: {
            durationSeconds: DURATION_S,
            warmupSeconds: WARMUP_S,
            clients: CLIENTS,
            players: PLAYERS,
            accounts: rows,
          },
          transfers,
          baseline,
          ...(house ? { house } : {}),
          ratio,
          cpuRatio,
          target: TARGET,
          invariants,
        },
        null,
        2,
      ),
    );
    console.log(`\nresults: ${path.relative(ROOT, file)}`);
  } finally {
    await pool.end();
    await onServer(`drop database if exists "${name}" with (force)`);
  }
}

await main();
