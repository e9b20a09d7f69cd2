/**
 * What the ledger and games benchmarks share: a fresh database migrated and seeded like the
 * server does it, players with funded accounts, a closed-loop driver that measures operations/s,
 * latency and CPU per operation (this process and the database's backends), and the ledger
 * transfer the games benchmark compares rounds against.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedDatabase } from '../../apps/server/src/db/seed/index.ts';
import type { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { DURATION_S, WARMUP_S, fixed } from './load.ts';
import { procStat } from './proc-stat.ts';

export const CURRENCIES = ['GC', 'SC'] as const;
export type BenchCurrency = (typeof CURRENCIES)[number];
/** Every seeded player starts with this much of each currency: transfers never run out. */
export const OPENING_BALANCE = 1_000_000_000;

export interface Measure {
  operations: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU per operation: steadier than rates when other work shares the machine. */
  benchCpuMsPerOp: number;
  /** Of the database's backends; NaN when the server is not on this machine (no /proc). */
  postgresCpuMsPerOp: number;
  /** Of the app server's processes when the operation goes through one; NaN otherwise. */
  serverCpuMsPerOp: number;
  firstError?: string;
}

/**
 * CPU seconds used so far by each of this database's backends, by pid, read from /proc; null
 * when unreadable (the server is elsewhere).
 */
async function postgresCpuByPid(
  pool: pg.Pool,
  database: string,
): Promise<Map<number, number> | null> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [database],
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    // null: ended between the query and the read
    const stat = procStat(pid);
    if (stat) byPid.set(pid, stat.cpuSeconds);
  }
  // None readable: the server runs on another machine.
  return rows.length > 0 && byPid.size === 0 ? null : byPid;
}

/**
 * CPU seconds the backends used between two readings: each backend alive at the end counts
 * from its first reading (or from its start, when it is new). Backends that ended in between
 * are lost — an undercount, never the negative figure a difference of sums gives.
 */
function postgresCpuBetween(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number {
  if (!before || !after) return NaN;
  let seconds = 0;
  for (const [pid, now] of after) seconds += Math.max(0, now - (before.get(pid) ?? 0));
  return seconds;
}

/** CPU per operation of this process, the app server and PostgreSQL, over one measure. */
export interface CpuPerOp {
  bench: number;
  /** The serving node's process group; NaN when there is none. */
  server: number;
  /** The database's backends; NaN when unreadable or there is none (an embedded database). */
  postgres: number;
}

/**
 * Starts a CPU reading of a measure; `per(operations)` ends it. `serverCpuSeconds` reads the
 * serving node's process group; `database`, when PostgreSQL runs here, its backends (/proc).
 */
export async function cpuMeter(
  serverCpuSeconds: () => number,
  database?: { pool: pg.Pool; name: string },
): Promise<{ per: (operations: number) => Promise<CpuPerOp> }> {
  const postgresBefore = database ? await postgresCpuByPid(database.pool, database.name) : null;
  const benchBefore = process.cpuUsage();
  const serverBefore = serverCpuSeconds();
  return {
    async per(operations) {
      const bench = process.cpuUsage(benchBefore);
      const server = serverCpuSeconds() - serverBefore;
      const postgres = database
        ? postgresCpuBetween(postgresBefore, await postgresCpuByPid(database.pool, database.name))
        : NaN;
      return {
        bench: (bench.user + bench.system) / 1000 / operations,
        server: (server * 1000) / operations,
        postgres: (postgres * 1000) / operations,
      };
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `clients` workers call `operation` back to back for `seconds`; a failure counts as an error. */
export async function drive(
  pool: pg.Pool,
  database: string,
  clients: number,
  operation: (worker: number) => Promise<void>,
  seconds: number,
  serverCpuSeconds: () => number = () => NaN,
): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const until = performance.now() + seconds * 1000;
  const worker = async (index: number) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await operation(index);
        latencies.push(performance.now() - started);
      } catch (err) {
        errors += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  const meter = await cpuMeter(serverCpuSeconds, { pool, name: database });
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = await meter.per(latencies.length);
  const sorted = Float64Array.from(latencies).sort();
  return {
    operations: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors,
    benchCpuMsPerOp: cpu.bench,
    postgresCpuMsPerOp: cpu.postgres,
    serverCpuMsPerOp: cpu.server,
    ...(firstError ? { firstError } : {}),
  };
}

/** A discarded warm-up, then the measured run. */
export async function measure(
  pool: pg.Pool,
  database: string,
  clients: number,
  name: string,
  operation: (worker: number) => Promise<void>,
  serverCpuSeconds?: () => number,
): Promise<Measure> {
  process.stdout.write(`${name}: warm-up ${WARMUP_S} s, then ${DURATION_S} s … `);
  await drive(pool, database, clients, operation, WARMUP_S);
  const result = await drive(pool, database, clients, operation, DURATION_S, serverCpuSeconds);
  console.log(`${fixed(result.perSecond)}/s`);
  return result;
}

/**
 * pg emits 'error' on an idle connection the server ends (dropping the database `with (force)`
 * terminates them: 57P01); unhandled, that event crashes the process after the results are in.
 */
export function ignoreTerminated(err: Error & { code?: string }): void {
  if (err.code !== '57P01') console.error(`database connection error: ${err.message}`);
}

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', ignoreTerminated);
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The app's migrations and reference data, run exactly as the server runs them. */
export async function migrate(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
  try {
    await database.migrate();
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
}

/** `players` players with a GC and an SC account each, funded from the house promotions account. */
export async function seedPlayers(
  db: Database,
  ledger: ReturnType<typeof createLedgerService>,
  players: number,
): Promise<Record<BenchCurrency, string[]>> {
  await db.execute(sql`
    insert into players (email, password_hash)
    select 'bench-' || i || '@example.com', 'not-a-hash' from generate_series(1, ${players}) i`);
  await db.execute(sql`
    insert into ledger_accounts (owner_kind, player_id, currency)
    select 'player', p.id, c.code from players p cross join (values ('GC'), ('SC')) c(code)
    where p.email like 'bench-%@example.com'`);
  const accounts = { GC: [] as string[], SC: [] as string[] };
  for (const currency of CURRENCIES) {
    const result: unknown = await db.execute(
      sql`select a.id from ledger_accounts a join players p on p.id = a.player_id
        where p.email like 'bench-%@example.com' and a.currency = ${currency}`,
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

/** A random pair of distinct seeded accounts of one currency and a small amount. */
export function pickTransfer(accounts: Record<BenchCurrency, string[]>) {
  const currency = CURRENCIES[randomInt(CURRENCIES.length)]!;
  const ids = accounts[currency];
  const from = randomInt(ids.length);
  // A different account: the other one of a random pair.
  const to = (from + 1 + randomInt(ids.length - 1)) % ids.length;
  return { currency, from: ids[from]!, to: ids[to]!, amount: 1 + randomInt(100) };
}

/**
 * The store's own limit, the baseline both figures of issue 21 are held against: pgbench-style
 * single-row `UPDATE … SET balance = balance + $1 WHERE id = $2` transactions on a table of
 * `rows` rows (as many as there are player accounts). Creates the table; returns one operation.
 */
export async function updateBaseline(pool: pg.Pool, rows: number): Promise<() => Promise<void>> {
  await pool.query(
    `create table bench_accounts (id int primary key, balance bigint not null);
     insert into bench_accounts select i, ${OPENING_BALANCE} from generate_series(1, ${rows}) i`,
  );
  // One statement each: VACUUM refuses to run inside the implicit multi-statement transaction.
  await pool.query('vacuum analyze bench_accounts');
  return async () => {
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
  };
}
