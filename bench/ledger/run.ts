/**
 * Ledger benchmark (design/fairness-and-ledger.md §2): on PostgreSQL, in a fresh database of its
 * own, measures side by side in one run with one pool of BENCH_CLIENTS connections,
 *   (a) ledger transfers/s: one `ledgerService.post` per database transaction, moving a small
 *       amount between two random player accounts of one currency (unique idempotency key),
 *   (b) the baseline: pgbench-style single-row `UPDATE … SET balance = balance + $1 WHERE id = $2`
 *       transactions/s on a table with as many rows as there are player accounts;
 *       ratio a/b, target >= 0.5,
 *   (c) for information, bets against the house: player → house bankroll (the house side is
 *       checked, not locked: house accounts keep no running balance — decision 010).
 * Each measure also reports CPU per operation of this process and of the database's backends
 * (read from /proc when PostgreSQL runs on this machine): on a shared machine that is steadier
 * than the rates. Then checks the ledger invariants on what was booked. Prints a summary, writes
 * bench/results/ledger-<date>.json and drops the database. Never fails on numbers.
 *
 *   npm run bench:ledger
 *
 * Environment: DATABASE_URL (server to use, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_DURATION (s per measure, default 10), BENCH_CLIENTS (default 16), BENCH_PLAYERS
 * (default 1000; each has a GC and an SC account), BENCH_SKIP_HOUSE=1 (skip c), BENCH_KEEP_DB=1
 * (keep the database afterwards, to look at its plans and statistics; drop it by hand).
 */
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { PostingInput } from '../../apps/server/src/modules/ledger/ledger.fns.ts';
import { runLedgerInvariants } from '../../apps/server/src/modules/ledger/ledger-invariants.repo.ts';
import { createLedgerRepo } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import {
  CURRENCIES,
  ignoreTerminated,
  measure as measureWith,
  migrate,
  onServer as onServerAt,
  pickTransfer,
  seedPlayers,
  updateBaseline,
  type Measure,
} from '../lib/ledger-kit.ts';
import { DURATION_S, WARMUP_S, fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const SKIP_HOUSE = process.env.BENCH_SKIP_HOUSE === '1';
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const TARGET = 0.5;

const measure = (pool: pg.Pool, database: string, label: string, op: () => Promise<void>) =>
  measureWith(pool, database, CLIENTS, label, op);
const onServer = (statement: string) => onServerAt(SERVER_URL, statement);

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
  pool.on('error', ignoreTerminated);
  try {
    await migrate(url.toString());
    const [{ server_version: pgVersion } = { server_version: '?' }] = (
      await pool.query<{ server_version: string }>('show server_version')
    ).rows;
    const db: Database = drizzle({ client: pool });
    const ledger = createLedgerService({ repo: createLedgerRepo(db) });
    const accounts = await seedPlayers(db, ledger, PLAYERS);
    const rows = PLAYERS * CURRENCIES.length;
    const updateOne = await updateBaseline(pool, rows);
    await pool.query('vacuum analyze ledger_accounts');

    let sequence = 0;
    const run = Date.now().toString(36);
    const pick = () => pickTransfer(accounts);
    const post = (input: PostingInput) => db.transaction((tx) => ledger.post(tx, input));

    const baseline = await measure(pool, name, '(b) UPDATE baseline', updateOne);

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

    saveResults(
      'ledger',
      {
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
      { postgres: pgVersion },
    );
  } finally {
    await pool.end();
    if (KEEP_DB) console.log(`kept database ${name}`);
    else await onServer(`drop database if exists "${name}" with (force)`);
  }
}

await main();
