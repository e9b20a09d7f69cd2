/**
 * Games benchmark (issue "Game platform", Figures): on PostgreSQL, in a fresh database of its
 * own, measured side by side in one run,
 *   (a) settled dice rounds/s over HTTP: BENCH_CLIENTS (16) players, each with its own game
 *       session, post `POST /api/rgs/rounds` back to back (a fresh Idempotency-Key each) to the
 *       production server running in its own process — every round is a bet, the outcome, the
 *       round row, the nonce and the win in one database transaction;
 *   (b) the baseline: ledger transfers/s from this process with as many clients on the same
 *       database server (bench/ledger's transfer: one posting per transaction);
 *   ratio a/b, target ≥ 0.7. Then checks the ledger invariants on what was booked.
 * The slot engine's simulated spins/s per core is the other figure: bench/games/slot-speed.ts.
 * Prints a summary, writes bench/results/games-<date>.json, drops the database. Never fails on
 * numbers.
 *
 *   npm run bench:games
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { runLedgerInvariants } from '../../apps/server/src/modules/ledger/ledger-invariants.repo.ts';
import { createLedgerRepo } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import {
  ignoreTerminated,
  measure,
  migrate,
  onServer,
  pickTransfer,
  seedPlayers,
  type Measure,
} from '../lib/ledger-kit.ts';
import { DURATION_S, WARMUP_S, fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';
import { startServer } from '../lib/server.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const TARGET = 0.7;
/** The server's sandbox operator token (the credit of the players' coins is an operator tool). */
const OPERATOR_TOKEN = `bench-operator-${randomUUID()}`;
/** The lowest SC bet level (packages/shared BET_LEVELS) at a 49.5 % win chance. */
const ROUND = { bet: 20, params: { target: 50.5, direction: 'over' } };
const DEVICE = { type: 'desktop', os: 'Linux', browser: 'bench' };

/**
 * One keep-alive connection per client. node:http rather than fetch: the load generator shares
 * the machine with the server and PostgreSQL, and fetch cost ~2 ms of CPU per call here.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

async function call<T>(
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const req = http.request(
        `${baseUrl}${url}`,
        {
          method,
          agent,
          headers: {
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...headers,
          },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (data += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
  if (status < 200 || status >= 300) {
    throw new Error(`${method} ${url}: ${status} ${text.slice(0, 200)}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The outbox behind the rounds: events not yet delivered when the load stopped, and how long
 * the server's dispatcher took to deliver them (the boards and pushes lag by that much).
 */
async function outboxDrain(pool: pg.Pool): Promise<{ backlog: number; drainSeconds: number }> {
  const undispatched = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          'select count(*) as n from domain_events where dispatched_at is null',
        )
      ).rows[0]!.n,
    );
  const backlog = await undispatched();
  const started = performance.now();
  const deadline = started + 120_000;
  while ((await undispatched()) > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { backlog, drainSeconds: (performance.now() - started) / 1000 };
}

/** A registered player playing dice in Sweeps Coins, with a game-session token. */
async function dicePlayer(baseUrl: string, n: number): Promise<string> {
  const { accessToken } = await call<{ accessToken: string }>(
    baseUrl,
    'POST',
    '/api/player/register',
    {},
    {
      email: `bench-games-${n}-${randomUUID()}@example.com`,
      password: 'bench password 0123',
      agreements: true,
      receiveEmailPromo: false,
      device: DEVICE,
    },
  );
  const bearer = { authorization: `Bearer ${accessToken}` };
  const claims = JSON.parse(
    Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'),
  ) as { sub: string };
  const playerId = claims.sub;
  // The sandbox's operator credit: enough Sweeps Coins never to run out during the run.
  await call(
    baseUrl,
    'POST',
    `/api/dev/players/${playerId}/sweeps-credit`,
    { authorization: `Bearer ${OPERATOR_TOKEN}` },
    {
      amount: 100_000_000,
      playedThrough: true,
      requestKey: `bench-credit-${playerId}`,
    },
  );
  const { data } = await call<{ data: { id: string; currency: string }[] }>(
    baseUrl,
    'GET',
    '/api/wallet/accounts',
    bearer,
  );
  const sc = data.find((a) => a.currency === 'SC');
  if (!sc) throw new Error('no SC account after the credit');
  await call(baseUrl, 'PUT', `/api/wallet/accounts/${sc.id}/switch`, bearer);
  const { launchUrl } = await call<{ launchUrl: string }>(
    baseUrl,
    'POST',
    '/api/game/games/dice/play',
    bearer,
    { device: 'desktop' },
  );
  const token = /#token=([0-9a-f]+)$/.exec(launchUrl)?.[1];
  if (!token) throw new Error(`no token in ${launchUrl}`);
  await call(baseUrl, 'POST', '/api/rgs/session', { authorization: `GameSession ${token}` });
  return token;
}

async function main(): Promise<void> {
  const name = `coinfall_bench_games_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  console.log(
    `Coinfall games benchmark: ${CLIENTS} clients, ${WARMUP_S} s warm-up + ${DURATION_S} s per ` +
      `measure, ${os.cpus().length} CPU(s), node ${process.version}`,
  );
  await onServer(SERVER_URL, `create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: CLIENTS });
  pool.on('error', ignoreTerminated);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(url.toString());
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    const ledger = createLedgerService({ repo: createLedgerRepo(db) });
    const accounts = await seedPlayers(db, ledger, 1000);
    let sequence = 0;
    const run = Date.now().toString(36);
    const transfers = await measure(pool, name, CLIENTS, '(b) ledger transfers', async () => {
      const { currency, from, to, amount } = pickTransfer(accounts);
      await db.transaction((tx) =>
        ledger.post(tx, {
          idempotencyKey: `bench-${run}-${(sequence += 1)}`,
          kind: 'transfer',
          entries: [
            { account: { accountId: from }, currency, amount: -amount },
            { account: { accountId: to }, currency, amount },
          ],
        }),
      );
    });

    server = await startServer({
      DATABASE_URL: url.toString(),
      // The operator credit below is a sandbox tool: on, acknowledged, with a token of our own.
      SANDBOX: 'on',
      SANDBOX_IN_PRODUCTION: 'acknowledged',
      SANDBOX_OPERATOR_TOKEN: OPERATOR_TOKEN,
      LOG_LEVEL: 'warn',
    });
    const baseUrl = server.baseUrl;
    const tokens: string[] = [];
    for (let n = 0; n < CLIENTS; n += 1) tokens.push(await dicePlayer(baseUrl, n));
    // One player per client: a player's rounds queue on that player's row, by design.
    const rounds = await measure(
      pool,
      name,
      CLIENTS,
      '(a) dice rounds over HTTP',
      async (worker) => {
        await call(
          baseUrl,
          'POST',
          '/api/rgs/rounds',
          { authorization: `GameSession ${tokens[worker]!}`, 'idempotency-key': randomUUID() },
          ROUND,
        );
      },
      server.cpuSeconds,
    );
    const outbox = await outboxDrain(pool);

    const invariants = await runLedgerInvariants(db);
    const violations = invariants.filter((r) => r.violations > 0);
    const ratio = rounds.perSecond / transfers.perSecond;
    console.log(
      `\n${table([
        [
          'measure',
          'ops/s',
          'p50 ms',
          'p99 ms',
          'ops',
          'errors',
          'CPU ms/op: bench',
          'server',
          'postgres',
        ],
        ...(
          [
            ['(a) settled dice round over HTTP', rounds],
            ['(b) ledger transfer (baseline)', transfers],
          ] as [string, Measure][]
        ).map(([label, m]) => [
          label,
          fixed(m.perSecond),
          fixed(m.p50Ms, 2),
          fixed(m.p99Ms, 2),
          String(m.operations),
          String(m.errors),
          fixed(m.benchCpuMsPerOp, 2),
          fixed(m.serverCpuMsPerOp, 2),
          fixed(m.postgresCpuMsPerOp, 2),
        ]),
      ])}`,
    );
    console.log(`\nrounds/s ÷ ledger transfers/s = ${fixed(ratio, 2)} (target ≥ ${TARGET})`);
    console.log(
      `outbox: ${outbox.backlog} events undelivered when the rounds stopped, delivered ` +
        `${fixed(outbox.drainSeconds, 1)} s later`,
    );
    for (const m of [rounds, transfers])
      if (m.firstError) console.log(`first error: ${m.firstError}`);
    console.log(
      violations.length === 0
        ? `ledger invariants: all ${invariants.length} hold after the run`
        : `ledger invariants FAIL: ${violations.map((v) => `${v.name} (${v.violations})`).join(', ')}`,
    );
    saveResults('games', {
      settings: { durationSeconds: DURATION_S, warmupSeconds: WARMUP_S, clients: CLIENTS },
      rounds,
      transfers,
      ratio,
      target: TARGET,
      outbox,
      invariants,
    });
  } finally {
    agent.destroy();
    await server?.stop();
    await pool.end();
    await onServer(SERVER_URL, `drop database if exists "${name}" with (force)`);
  }
}

await main();
