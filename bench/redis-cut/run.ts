/**
 * The Redis-cut drill (issue 13, item 8; decision 021): on PostgreSQL + Redis, in a fresh
 * database of its own, BENCH_CLIENTS (16) players send dice rounds over HTTP back to back for
 * BENCH_CUT_TOTAL_S (25) seconds to the production server running in its own process, which
 * reaches Redis through a TCP proxy in this process. In the middle the proxy cuts Redis for
 * BENCH_CUT_S (10) seconds — the machine's Redis keeps running — then restores it. Prints rounds
 * sent and settled, the 5xx (target 0) and 4xx (by code) seen, rounds/s before, during and after
 * the cut with their ratios to "before" (the baseline of the same run), how long after the
 * restore each Redis-backed behaviour was back, and the ledger invariants. Never fails on numbers.
 *
 *   npm run bench:redis-cut
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import { runLedgerInvariants } from '../../apps/server/src/modules/ledger/ledger-invariants.repo.ts';
import { startTcpProxy } from '../../apps/server/test/tcp-proxy.ts';
import {
  BENCH_SANDBOX_ENV,
  DICE_ROUND,
  dicePlayer,
  keepAliveAgent,
  request,
} from '../lib/http-players.ts';
import { ignoreTerminated, onServer } from '../lib/ledger-kit.ts';
import { fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';
import { startServer } from '../lib/server.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const TOTAL_S = Number(process.env.BENCH_CUT_TOTAL_S ?? 25);
const CUT_S = Number(process.env.BENCH_CUT_S ?? 10);
/** The bench's rounds all come from this address: its rate-limit counter is the one watched. */
const CLIENT_IP = '127.0.0.1';

const agent = keepAliveAgent(CLIENTS);
/** The health probes' own connection, so they never queue behind the rounds. */
const probeAgent = keepAliveAgent(1);

interface Round {
  /** ms since the start of the load. */
  doneAt: number;
  latencyMs: number;
  /** 0: no HTTP answer at all (connection refused or reset). */
  status: number;
  code?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from now until `check` holds (polled every 50 ms), or NaN past `withinMs`. */
async function timeUntil(check: () => Promise<boolean>, withinMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(50);
  }
  return Number.NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const name = `coinfall_bench_redis_cut_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const cutAt = ((TOTAL_S - CUT_S) / 2) * 1000;
  const restoreAt = cutAt + CUT_S * 1000;
  const endAt = TOTAL_S * 1000;
  console.log(
    `Coinfall Redis-cut drill: ${CLIENTS} clients, ${TOTAL_S} s of dice rounds, Redis cut from ` +
      `${fixed(cutAt / 1000, 1)} s to ${fixed(restoreAt / 1000, 1)} s, ${os.cpus().length} CPU(s), ` +
      `node ${process.version}`,
  );
  await onServer(SERVER_URL, `create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', ignoreTerminated);
  const proxy = await startTcpProxy(REDIS_URL);
  const direct = new Redis(REDIS_URL, { lazyConnect: true });
  await direct.connect();
  const prefix = `bench:redis-cut:${process.pid}:`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer({
      DATABASE_URL: url.toString(),
      REDIS_URL: proxy.urlThrough(REDIS_URL),
      RATE_LIMIT_KEY_PREFIX: prefix,
      ...BENCH_SANDBOX_ENV,
      LOG_LEVEL: 'warn',
    });
    const baseUrl = server.baseUrl;
    const tokens: string[] = [];
    for (let n = 0; n < CLIENTS; n += 1) tokens.push(await dicePlayer(agent, baseUrl, `cut-${n}`));

    const rounds: Round[] = [];
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const worker = async (token: string) => {
      while (elapsed() < endAt) {
        const sentAt = elapsed();
        let status = 0;
        let code: string | undefined;
        try {
          const res = await request(
            agent,
            baseUrl,
            'POST',
            '/api/rgs/rounds',
            { authorization: `GameSession ${token}`, 'idempotency-key': randomUUID() },
            DICE_ROUND,
          );
          status = res.status;
          if (status >= 400) code = (JSON.parse(res.text) as { code?: string }).code ?? 'unknown';
        } catch {
          // No answer at all: counted, and a short pause so a dead server is not spun on.
          await sleep(50);
        }
        rounds.push({ doneAt: elapsed(), latencyMs: elapsed() - sentAt, status, code });
      }
    };
    const load = Promise.all(tokens.map(worker));

    // The cut, then how long each Redis-backed behaviour takes to come back once restored.
    await sleep(cutAt);
    proxy.cut();
    const healthDegradedMs = await timeUntil(async () => {
      const res = await request(probeAgent, baseUrl, 'GET', '/api/health', {});
      return (
        (JSON.parse(res.text) as { redis?: { reachable: boolean } }).redis?.reachable === false
      );
    });
    await sleep(Math.max(0, restoreAt - elapsed()));
    const counterAtRestore = await direct.get(`${prefix}${CLIENT_IP}`);
    const { rows: last } = await pool.query<{ id: string | null }>(
      'select max(id) as id from domain_events',
    );
    const lastEventBeforeRestore = Number(last[0]!.id ?? 0);
    const waiting = async () => {
      const { rows } = await pool.query<{ n: string }>(
        'select count(*) as n from domain_events where id <= $1 and dispatched_at is null',
        [lastEventBeforeRestore],
      );
      return Number(rows[0]!.n);
    };
    const waitingAtRestore = await waiting();
    proxy.restore();
    const [healthBackMs, rateLimitBackMs, outboxResumedMs, outboxBackMs] = await Promise.all([
      timeUntil(async () => {
        const res = await request(probeAgent, baseUrl, 'GET', '/api/health', {});
        return (
          (JSON.parse(res.text) as { redis?: { reachable: boolean } }).redis?.reachable === true
        );
      }),
      // The rounds are counted in Redis again: nothing moved the client's counter during the cut.
      timeUntil(async () => {
        const now = await direct.get(`${prefix}${CLIENT_IP}`);
        return now !== null && now !== counterAtRestore;
      }),
      // Delivery resumes: the outbox held back at the restore starts going out (the realtime
      // publications go through Redis before an event is marked)…
      timeUntil(async () => (await waiting()) < waitingAtRestore),
      // …and all of it is out: how long the backlog takes, while the rounds go on.
      timeUntil(async () => (await waiting()) === 0),
    ]);
    await load;

    const db: Database = drizzle({ client: pool });
    const invariants = await runLedgerInvariants(db);
    const violations = invariants.filter((r) => r.violations > 0);

    const phases = [
      { label: 'before the cut', from: 0, to: cutAt },
      { label: 'during the cut', from: cutAt, to: restoreAt },
      { label: 'after the cut', from: restoreAt, to: endAt },
    ].map((phase) => {
      const inPhase = rounds.filter((r) => r.doneAt >= phase.from && r.doneAt < phase.to);
      const settled = inPhase.filter((r) => r.status === 200);
      const latencies = settled.map((r) => r.latencyMs).sort((a, b) => a - b);
      return {
        ...phase,
        settled: settled.length,
        perSecond: settled.length / ((phase.to - phase.from) / 1000),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        fiveXx: inPhase.filter((r) => r.status >= 500).length,
      };
    });
    const baseline = phases[0]!.perSecond;
    const fourXx: Record<string, number> = {};
    for (const r of rounds.filter((x) => x.status >= 400 && x.status < 500)) {
      const key = `${r.status} ${r.code}`;
      fourXx[key] = (fourXx[key] ?? 0) + 1;
    }
    const summary = {
      sent: rounds.length,
      settled: rounds.filter((r) => r.status === 200).length,
      fiveXx: rounds.filter((r) => r.status >= 500).length,
      fourXx,
      noAnswer: rounds.filter((r) => r.status === 0).length,
    };
    // Back to normal: every Redis-backed behaviour works again (the backlog's drain is a matter
    // of throughput, printed beside it).
    const recoverMs = Math.max(healthBackMs, rateLimitBackMs, outboxResumedMs);

    console.log(
      `\n${table([
        ['phase', 'rounds/s', '÷ before', 'p50 ms', 'p99 ms', 'settled', '5xx'],
        ...phases.map((p) => [
          p.label,
          fixed(p.perSecond),
          fixed(p.perSecond / baseline, 2),
          fixed(p.p50Ms),
          fixed(p.p99Ms),
          String(p.settled),
          String(p.fiveXx),
        ]),
      ])}`,
    );
    console.log(
      `\nrounds sent ${summary.sent}, settled ${summary.settled}, 5xx ${summary.fiveXx} (target 0), ` +
        `no answer ${summary.noAnswer}`,
    );
    console.log(
      `4xx by code: ${
        Object.entries(fourXx).length === 0
          ? 'none'
          : Object.entries(fourXx)
              .map(([k, n]) => `${k} × ${n}`)
              .join(', ')
      }`,
    );
    console.log(
      `cut: /api/health said Redis unreachable after ${fixed(healthDegradedMs)} ms ` +
        `(status 200, degraded); ${waitingAtRestore} events waited in the outbox at the restore`,
    );
    console.log(
      `recovery after the restore: health ${fixed(healthBackMs)} ms, rate limit counted in Redis ` +
        `${fixed(rateLimitBackMs)} ms, outbox delivery resumed ${fixed(outboxResumedMs)} ms → ` +
        `recovered in ${fixed(recoverMs / 1000, 1)} s; the backlog was out ` +
        `${fixed(outboxBackMs / 1000, 1)} s after the restore`,
    );
    console.log(
      violations.length === 0
        ? `ledger invariants: all ${invariants.length} hold after the drill`
        : `ledger invariants FAIL: ${violations.map((v) => `${v.name} (${v.violations})`).join(', ')}`,
    );
    saveResults('redis-cut', {
      settings: { clients: CLIENTS, totalSeconds: TOTAL_S, cutSeconds: CUT_S },
      phases,
      summary,
      cut: { healthDegradedMs, backlogAtRestore: waitingAtRestore },
      recovery: { healthBackMs, rateLimitBackMs, outboxResumedMs, outboxBackMs, recoverMs },
      invariants,
    });
  } finally {
    proxy.restore();
    agent.destroy();
    probeAgent.destroy();
    await server?.stop();
    direct.disconnect();
    await proxy.close();
    await pool.end();
    await onServer(SERVER_URL, `drop database if exists "${name}" with (force)`);
  }
}

await main();
