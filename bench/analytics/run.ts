/**
 * Analytics ingest benchmark (issue 19, Figures): on PostgreSQL, in a fresh database of its own,
 * measured side by side in one run,
 *   (a) events/s ingested over HTTP: BENCH_CLIENTS (16) clients post gzip batches of 100 events
 *       (as the browser SDK sends them, each event a fresh insert_id, each batch one device) to
 *       `POST /2/httpapi` of the production server running in its own process — checked,
 *       throttled, de-duplicated and committed before the answer;
 *   (b) the baseline: rows/s of a plain batched INSERT of 100 rows into the same table from this
 *       process, with as many clients on the same database server;
 *   ratio a/b, target ≥ 0.5, and the p99 response time of (a).
 * The batches are built before the measures (their gzip would otherwise be the load generator's
 * CPU, on the same cores). Prints a summary, writes bench/results/analytics-<date>.json, drops
 * the database. Never fails on numbers.
 *
 *   npm run bench:analytics        # REDIS_URL set: the throttle counts in Redis
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { ignoreTerminated, measure, migrate, onServer, type Measure } from '../lib/ledger-kit.ts';
import { keepAliveAgent } from '../lib/http-players.ts';
import { DURATION_S, WARMUP_S, fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';
import { startServer } from '../lib/server.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BATCH = 100;
/** Batches built ahead: enough for the warm-up and the measure at a few hundred a second. */
const BODIES = Number(process.env.BENCH_BODIES ?? 4000);
const FORWARD = process.env.BENCH_FORWARD === '1';
const TARGET = 0.5;
const API_KEY = 'bench-analytics-key-0123456789';
const agent = keepAliveAgent(CLIENTS);

/** An event as the browser SDK sends it: a page view with the SDK's own fields. */
function browserEvent(device: string, user: string | undefined, n: number, now: number) {
  return {
    device_id: device,
    ...(user ? { user_id: user } : {}),
    session_id: now - 60_000,
    time: now + n,
    event_type: '[Amplitude] Page Viewed',
    event_properties: {
      '[Amplitude] Page Domain': 'coinfall.example',
      '[Amplitude] Page Location': `https://coinfall.example/games/slot-${n % 40}`,
      '[Amplitude] Page Path': `/games/slot-${n % 40}`,
      '[Amplitude] Page Title': 'Coinfall — Social Casino',
      '[Amplitude] Page URL': `https://coinfall.example/games/slot-${n % 40}`,
      '[Amplitude] Page Counter': n + 1,
    },
    user_properties: {},
    platform: 'Web',
    os_name: 'Chrome',
    os_version: '131',
    device_model: 'Linux',
    language: 'en-US',
    ip: '$remote',
    insert_id: randomUUID(),
    event_id: n,
    library: 'amplitude-ts/2.46.0',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  };
}

/** One gzip body per batch: one device each (so no device passes the throttle), fresh ids. */
function buildBodies(): Buffer[] {
  const now = Date.now();
  return Array.from({ length: BODIES }, (_, b) => {
    const device = randomUUID();
    const user = b % 2 === 0 ? `player-${b}` : undefined;
    const events = Array.from({ length: BATCH }, (_, n) => browserEvent(device, user, n, now));
    const body = {
      api_key: API_KEY,
      events,
      options: {},
      client_upload_time: new Date().toISOString(),
      request_metadata: { sdk: { metrics: { histogram: {} } } },
    };
    return gzipSync(JSON.stringify(body));
  });
}

/** The baseline's batch: the same columns as the ingest writes, as 9 arrays for unnest. */
function baselineParams(): unknown[] {
  const now = Date.now();
  const events = Array.from({ length: BATCH }, (_, n) => browserEvent(randomUUID(), 'p-1', n, now));
  return [
    events.map((e) => e.insert_id),
    events.map((e) => e.event_type),
    events.map((e) => e.user_id ?? null),
    events.map((e) => e.device_id),
    events.map((e) => e.session_id),
    events.map((e) => new Date(e.time).toISOString()),
    events.map((e) => JSON.stringify(e)),
  ];
}

const BASELINE_INSERT = `
  insert into analytics_events
    (project, insert_id, event_type, user_id, device_id, session_id, time, received_at, event)
  select 'baseline', i, t, u, d, s, tm, now(), e
  from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[],
    $7::jsonb[]) as x(i, t, u, d, s, tm, e)`;

async function postBatch(baseUrl: string, body: Buffer): Promise<void> {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/2/httpapi`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (status !== 200) throw new Error(`POST /2/httpapi answered ${status}`);
}

async function main(): Promise<void> {
  const name = `coinfall_bench_analytics_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  console.log(
    `Coinfall analytics benchmark: ${CLIENTS} clients, batches of ${BATCH} events, ${WARMUP_S} s ` +
      `warm-up + ${DURATION_S} s per measure, ${os.cpus().length} CPU(s), node ${process.version}`,
  );
  await onServer(SERVER_URL, `create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: CLIENTS });
  pool.on('error', ignoreTerminated);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(url.toString());
    // The server makes the day partitions when it starts; the baseline writes into them too.
    server = await startServer({
      DATABASE_URL: url.toString(),
      ANALYTICS_API_KEYS: `ingest:${API_KEY}`,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      // BENCH_FORWARD=1: forwarding to Amplitude on (decision 054), so each request also queues
      // its events. The forwarder's posts go to a closed port and wait out their backoff: the
      // measure is the queue's cost to the ingest, not Amplitude's.
      ...(FORWARD
        ? {
            AMPLITUDE_FORWARD_API_KEY: 'bench-forward-key',
            AMPLITUDE_FORWARD_URL: 'http://127.0.0.1:9/2/httpapi',
          }
        : {}),
      LOG_LEVEL: FORWARD ? 'error' : 'warn',
    });
    const baseUrl = server.baseUrl;
    process.stdout.write(`building ${BODIES} gzip batches … `);
    const bodies = buildBodies();
    console.log(
      `${fixed(bodies.reduce((n, b) => n + b.length, 0) / bodies.length / 1024, 1)} KB each`,
    );

    const params = Array.from({ length: 64 }, baselineParams);
    let b = 0;
    const baseline = await measure(
      pool,
      name,
      CLIENTS,
      '(b) batched INSERT of 100 rows',
      async () => {
        await pool.query(BASELINE_INSERT, params[(b += 1) % params.length]);
      },
    );

    let next = 0;
    const ingest = await measure(
      pool,
      name,
      CLIENTS,
      '(a) gzip batches over HTTP',
      async () => {
        const body = bodies[next];
        next += 1;
        // Past the prepared ones: build more rather than resend ids the ingest would skip.
        await postBatch(baseUrl, body ?? buildBodies()[0]!);
      },
      server.cpuSeconds,
    );
    const eventsPerSecond = ingest.perSecond * BATCH;
    const rowsPerSecond = baseline.perSecond * BATCH;
    const stored = Number(
      (
        await pool.query<{ n: string }>(
          `select count(*) as n from analytics_events where project = 'ingest'`,
        )
      ).rows[0]!.n,
    );
    const ratio = eventsPerSecond / rowsPerSecond;
    console.log(
      `\n${table([
        [
          'measure',
          'rows/s',
          'batches/s',
          'p50 ms',
          'p99 ms',
          'errors',
          'CPU ms/batch: bench',
          'server',
          'postgres',
        ],
        ...(
          [
            ['(a) ingest over HTTP (gzip)', ingest],
            ['(b) batched INSERT (baseline)', baseline],
          ] as [string, Measure][]
        ).map(([label, m]) => [
          label,
          fixed(m.perSecond * BATCH),
          fixed(m.perSecond),
          fixed(m.p50Ms, 2),
          fixed(m.p99Ms, 2),
          String(m.errors),
          fixed(m.benchCpuMsPerOp, 2),
          fixed(m.serverCpuMsPerOp, 2),
          fixed(m.postgresCpuMsPerOp, 2),
        ]),
      ])}`,
    );
    console.log(
      `\nevents/s over HTTP ÷ rows/s of the plain INSERT = ${fixed(ratio, 2)} (target ≥ ${TARGET})`,
    );
    console.log(`p99 response time of the ingest: ${fixed(ingest.p99Ms, 1)} ms`);
    console.log(`events stored by the ingest: ${stored} (${next} batches sent, warm-up included)`);
    for (const m of [ingest, baseline])
      if (m.firstError) console.log(`first error: ${m.firstError}`);
    saveResults('analytics', {
      settings: {
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        clients: CLIENTS,
        batch: BATCH,
        redis: Boolean(process.env.REDIS_URL),
        forward: FORWARD,
      },
      ingest,
      baseline,
      eventsPerSecond,
      rowsPerSecond,
      ratio,
      target: TARGET,
      stored,
    });
  } finally {
    agent.destroy();
    await server?.stop();
    await pool.end();
    await onServer(SERVER_URL, `drop database if exists "${name}" with (force)`);
  }
}

await main();
