/**
 * Back office benchmark (issue 17, decision 037): on PostgreSQL, in a fresh database of its own,
 * generates BENCH_PLAYERS (1,000,000) players and BENCH_LEDGER_ENTRIES (10,000,000) ledger
 * entries (rounds' bet and win postings with their game_rounds rows, promotions postings) plus
 * completed purchases, spread over BENCH_DAYS (90) days, set-based (generate_series). Then, in
 * one run:
 *   (a) baseline: a player read by primary key, p50/p99;
 *   (b) the back office's player search by email prefix (its own repo, count included), p99,
 *       target < 50 ms, and its ratio to (a);
 *   (d) the same search by a device's visitor id (device_links, decision 049), p99, target
 *       < 50 ms, and its ratio to (a);
 *   (c) the daily report (its own service) for the busiest day and for 30 days, target < 1 s;
 * and prints each report query's plan (the indexes of migration 0027). Writes
 * bench/results/admin-<date>.json, drops the database. Never fails on numbers.
 *
 *   npm run bench:admin
 *
 * Environment: DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_PLAYERS, BENCH_LEDGER_ENTRIES, BENCH_DAYS, BENCH_SEARCHES (1000), BENCH_KEEP_DB=1.
 */
import { createHash, randomInt } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { createAuditRepo } from '../../apps/server/src/modules/backoffice/audit.repo.ts';
import { createPlayersAdminRepo } from '../../apps/server/src/modules/backoffice/players-admin.repo.ts';
import {
  createReportsRepo,
  reportQueries,
} from '../../apps/server/src/modules/backoffice/reports.repo.ts';
import { createReportsService } from '../../apps/server/src/modules/backoffice/reports.service.ts';
import { ignoreTerminated, migrate, onServer as onServerAt } from '../lib/ledger-kit.ts';
import { fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';
import { generate } from './generate.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1_000);
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const SEARCH_TARGET_MS = 50;
const REPORT_TARGET_MS = 1_000;
/** The player search's first page as the back office opens it: newest first. */
const NEWEST = { page: 1, perPage: 20, sort: 'createdAt', order: 'desc' } as const;

const onServer = (statement: string) => onServerAt(SERVER_URL, statement);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** EXPLAIN's lines (both drivers answer `{ rows }`). */
async function planOf(db: Database, query: SQL): Promise<string[]> {
  const result: unknown = await db.execute(sql`explain ${query}`);
  return (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0] ?? '');
}

/** Runs `op` n times one after another (a staff member waits for each answer): ms per call. */
async function timed(n: number, op: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, n); i += 1) await op(i); // warm-up: plans, buffers
  const ms: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await op(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { n, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN };
}

async function main(): Promise<void> {
  const name = `coinfall_bench_admin_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  console.log(
    `Coinfall back office benchmark: ${PLAYERS} players, ${ENTRIES} ledger entries over ` +
      `${DAYS} days, ${os.cpus().length} CPU(s), node ${process.version}`,
  );
  await onServer(`create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', ignoreTerminated);
  try {
    await migrate(url.toString());
    const generated = await generate(pool, { players: PLAYERS, entries: ENTRIES, days: DAYS });
    const db: Database = drizzle({ client: pool });

    // (a) Baseline: a primary-key read of a random player.
    const ids = (
      await pool.query<{ id: string }>(
        `select id from players tablesample system (1) limit ${SEARCHES}`,
      )
    ).rows.map((r) => r.id);
    const pk = await timed(SEARCHES, (i) =>
      db
        .select()
        .from(schema.players)
        .where(eq(schema.players.id, ids[i % ids.length] ?? '')),
    );

    // (b) The back office's search, as GET /api/admin/players?q= runs it: 4 and 2 hex characters
    // of an email's md5 beginning (about 15 and 3,900 players match of 1 M).
    const repo = createPlayersAdminRepo();
    const prefix = (length: number) =>
      randomInt(16 ** length)
        .toString(16)
        .padStart(length, '0');
    const search4 = await timed(SEARCHES, () => repo.search(db, { ...NEWEST, q: prefix(4) }));
    // (d) The same search by a device's visitor id (32 hex digits): the players seen on it (one,
    // or two on a shared device) beside email and nickname prefix matches, as the box runs it.
    const visitor = () =>
      createHash('md5')
        .update(`d${randomInt(1, PLAYERS + 1)}`)
        .digest('hex');
    const byDevice = await timed(SEARCHES, () => repo.search(db, { ...NEWEST, q: visitor() }));
    const search2 = await timed(Math.ceil(SEARCHES / 5), () =>
      repo.search(db, { ...NEWEST, q: prefix(2) }),
    );

    // (c) The daily report through its service: the busiest day, then 30 days.
    const reports = createReportsService({
      db,
      repo: createReportsRepo(),
      audit: createAuditRepo(),
    });
    const day = generated.busiestDay;
    const from30 = new Date(Date.parse(day) - 29 * 86_400_000).toISOString().slice(0, 10);
    const oneDay = await timed(5, () => reports.report({ from: day, to: day }));
    const thirty = await timed(5, () => reports.report({ from: from30, to: day }));

    const range = { from: new Date(`${day}T00:00:00Z`), to: new Date(`${day}T00:00:00Z`) };
    range.to.setUTCDate(range.to.getUTCDate() + 1);
    const accounts: unknown = await db.execute(reportQueries.promotionsAccounts());
    const promotions = (accounts as { rows: { id: string }[] }).rows.map((r) => r.id);
    const queries = {
      invoices: reportQueries.invoices(range),
      rounds: reportQueries.rounds(range),
      bonusCost: reportQueries.bonusCost(range, promotions),
      registrations: reportQueries.registrations(range),
    };
    console.log(`\nReport queries (one day, ${day}): plan, then ms per run (median of 5)`);
    const perQuery: Record<string, number> = {};
    for (const [what, query] of Object.entries(queries)) {
      const lines = (await planOf(db, query)).filter((l) => /Scan|Join|Aggregate/.test(l));
      perQuery[what] = (await timed(5, () => db.execute(query))).p50;
      console.log(
        `  ${what} (${fixed(perQuery[what], 1)} ms):\n${lines.map((l) => `    ${l.trim()}`).join('\n')}`,
      );
    }
    const searchPlan = await planOf(
      db,
      sql`select * from players where email like '3fa9%' order by created_at desc limit 20`,
    );
    console.log(
      `  player search (email prefix):\n${searchPlan.map((l) => `    ${l.trim()}`).join('\n')}`,
    );
    const devicePlan = await planOf(
      db,
      sql`select * from players where ${repo.searchFilter(db, visitor())}
          order by created_at desc, id desc limit 20`,
    );
    console.log(
      `  player search (device visitor id):\n${devicePlan.map((l) => `    ${l.trim()}`).join('\n')}`,
    );

    const ms = (x: number) => `${fixed(x, 2)} ms`;
    console.log(
      `\n${table([
        ['Measure', 'p50', 'p99', 'Against'],
        ['(a) player by primary key', ms(pk.p50), ms(pk.p99), 'baseline'],
        [
          '(b) search, 4-character email prefix',
          ms(search4.p50),
          ms(search4.p99),
          `p99 ${fixed(search4.p99 / pk.p99, 1)}× (a); target < ${SEARCH_TARGET_MS} ms: ` +
            `ratio ${fixed(search4.p99 / SEARCH_TARGET_MS, 2)}`,
        ],
        [
          '    2-character prefix (~3,900 match)',
          ms(search2.p50),
          ms(search2.p99),
          `ratio ${fixed(search2.p99 / SEARCH_TARGET_MS, 2)} of the target`,
        ],
        [
          '(d) search, device visitor id',
          ms(byDevice.p50),
          ms(byDevice.p99),
          `p99 ${fixed(byDevice.p99 / pk.p99, 1)}× (a); target < ${SEARCH_TARGET_MS} ms: ` +
            `ratio ${fixed(byDevice.p99 / SEARCH_TARGET_MS, 2)}`,
        ],
        [
          `(c) daily report, 1 day (${generated.entriesOnBusiestDay} entries that day)`,
          ms(oneDay.p50),
          ms(oneDay.max),
          `target < ${REPORT_TARGET_MS} ms: ratio ${fixed(oneDay.max / REPORT_TARGET_MS, 2)} (max of 5)`,
        ],
        [
          '    30 days',
          ms(thirty.p50),
          ms(thirty.max),
          `ratio ${fixed(thirty.max / REPORT_TARGET_MS, 2)} (max of 5)`,
        ],
      ])}`,
    );
    console.log(`data generation: ${fixed(generated.seconds, 1)} s`);
    const version = (await pool.query<{ v: string }>('show server_version')).rows[0]?.v;
    saveResults(
      'admin',
      {
        players: PLAYERS,
        ledgerEntries: generated.ledgerEntries,
        rounds: generated.rounds,
        days: DAYS,
        generationSeconds: generated.seconds,
        pkLookup: pk,
        searchPrefix4: search4,
        searchPrefix2: search2,
        deviceLinks: generated.deviceLinks,
        searchDevice: byDevice,
        reportOneDay: oneDay,
        reportThirtyDays: thirty,
        reportQueriesMs: perQuery,
      },
      { postgres: version },
    );
  } finally {
    await pool.end();
    if (!KEEP_DB) await onServer(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
