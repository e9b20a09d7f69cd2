/**
 * Games benchmark (issue "Game platform", Figures): on PostgreSQL, in a fresh database of its
 * own, measured side by side in one run,
 *   (a) settled dice rounds/s over HTTP: BENCH_CLIENTS (16) players, each with its own game
 *       session, post `POST /api/rgs/rounds` back to back (a fresh Idempotency-Key each) to the
 *       production server running in its own process — every round is a bet, the outcome, the
 *       round row, the nonce and the win in one database transaction;
 *   (b) the baseline: ledger transfers/s from this process with as many clients on the same
 *       database server (bench/ledger's transfer: one posting per transaction);
 *   ratio a/b, target ≥ 0.7;
 *   (u) the store's own limit: single-row UPDATE transactions/s (bench/ledger's baseline) with
 *       as many clients; issue 21 holds rounds/s and transfers/s against it, target ≥ 0.5 each;
 *   (c) the same dice rounds by as many other players, each with an active wagering bonus in SC
 *       and 10 SC of cash, so nearly every stake is paid from the bonus (issue
 *       14): ratio c/a, target ≥ 0.85; (a) and (c) are measured twice, in the order a c c a;
 *   (d) the same dice rounds by as many other players, each with 20 activated quests that move
 *       on every round and loyalty points (issue 15, bench/games/quest-players.ts): ratio d/a,
 *       target ≥ 0.8, and the outbox backlog when (d) stops and its time to drain (target 1 s),
 *       with events per round and the relay's events/s (decision 044).
 *   BENCH_GAMES=retention runs (a), (d), (a) only; REDIS_URL makes the server push via Redis;
 *   BENCH_KEEP_DB=1 keeps the database afterwards, to read its statistics and plans.
 * Then checks the ledger invariants on what was booked.
 * The slot engine's simulated spins/s per core is the other figure: bench/games/slot-speed.ts.
 * Prints a summary, writes bench/results/games-<date>.json, drops the database. Never fails on
 * numbers.
 *
 *   npm run bench:games
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
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
  updateBaseline,
  type Measure,
} from '../lib/ledger-kit.ts';
import {
  BENCH_SANDBOX_ENV,
  DICE_ROUND,
  call,
  dicePlayer,
  keepAliveAgent,
} from '../lib/http-players.ts';
import { DURATION_S, WARMUP_S, fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';
import { grantWageringBonuses } from './bonus-players.ts';
import { QUESTS_PER_PLAYER, defineBenchQuests, joinBenchQuests } from './quest-players.ts';
import { startServer } from '../lib/server.ts';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const TARGET = 0.7;
const BONUS_TARGET = 0.85;
const QUEST_TARGET = 0.8;
/** Issue 21: rounds/s and ledger transfers/s each ≥ half the single-row UPDATE tx/s. */
const UPDATE_TARGET = 0.5;
/** The backlog left when the retention load stops must be out within this (issue 15). */
const DRAIN_TARGET_S = 1;
/** BENCH_GAMES=retention: only (a), (d), (a) — the retention figures, no transfers nor bonus. */
const RETENTION_ONLY = process.env.BENCH_GAMES === 'retention';
/** BENCH_KEEP_DB=1: keep the database afterwards (its plans and statistics); drop it by hand. */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
/** One keep-alive connection per client (node:http rather than fetch: lib/http-players.ts). */
const agent = keepAliveAgent(CLIENTS);

/**
 * The outbox behind the rounds: events not yet delivered when the load stopped, and how long
 * the server's dispatcher took to deliver them (the boards and pushes lag by that much).
 */
async function outboxDrain(
  pool: pg.Pool,
): Promise<{ backlog: number; drainSeconds: number; drainedAt: number }> {
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
  const drainedAt = performance.now();
  return { backlog, drainSeconds: (drainedAt - started) / 1000, drainedAt };
}

/** The outbox's counters: events written (the highest id) and events delivered so far. */
async function outboxCounters(
  pool: pg.Pool,
): Promise<{ written: number; delivered: number; rounds: number; at: number }> {
  const { rows } = await pool.query<{ written: string | null; delivered: string; rounds: string }>(
    `select (select max(id) from domain_events) as written,
       (select count(*) from domain_events where dispatched_at is not null) as delivered,
       (select count(*) from game_rounds) as rounds`,
  );
  return {
    written: Number(rows[0]!.written ?? 0),
    delivered: Number(rows[0]!.delivered),
    rounds: Number(rows[0]!.rounds),
    at: performance.now(),
  };
}

/**
 * The relay behind a measure: events the rounds wrote per settled round, and events delivered
 * per second from the measure's start (warm-up included) to the end of the drain that followed.
 */
function relayOf(
  before: Awaited<ReturnType<typeof outboxCounters>>,
  after: Awaited<ReturnType<typeof outboxCounters>>,
) {
  const rounds = after.rounds - before.rounds;
  return {
    eventsPerRound: rounds > 0 ? (after.written - before.written) / rounds : NaN,
    eventsPerSecond: ((after.delivered - before.delivered) * 1000) / (after.at - before.at),
  };
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
    const db: Database = drizzle({ client: pool });
    const ledger = createLedgerService({ repo: createLedgerRepo(db) });
    const accounts = await seedPlayers(db, ledger, 1000);
    let sequence = 0;
    const run = Date.now().toString(36);
    const updates = RETENTION_ONLY
      ? null
      : await measure(
          pool,
          name,
          CLIENTS,
          '(u) UPDATE one row (baseline)',
          await updateBaseline(pool, 2 * 1000),
        );
    const transfers = RETENTION_ONLY
      ? null
      : await measure(pool, name, CLIENTS, '(b) ledger transfers', async () => {
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

    await defineBenchQuests(db);
    server = await startServer({
      DATABASE_URL: url.toString(),
      // Realtime pushes through Redis (decision 013) when the bench is given one.
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...BENCH_SANDBOX_ENV,
      LOG_LEVEL: 'warn',
    });
    const { baseUrl, cpuSeconds } = server;
    const tokens: string[] = [];
    for (let n = 0; n < CLIENTS; n += 1) {
      tokens.push(await dicePlayer(agent, baseUrl, `games-${n}`));
    }
    const bonusTokens: string[] = [];
    for (let n = 0; n < (RETENTION_ONLY ? 0 : CLIENTS); n += 1) {
      bonusTokens.push(await dicePlayer(agent, baseUrl, `games-bonus-${n}`, 1_000));
    }
    if (!RETENTION_ONLY) await grantWageringBonuses(db, ledger, bonusTokens);
    const questTokens: string[] = [];
    for (let n = 0; n < CLIENTS; n += 1) {
      questTokens.push(await dicePlayer(agent, baseUrl, `games-quests-${n}`));
    }
    await joinBenchQuests(db, questTokens);
    const before = await outboxCounters(pool);
    // One player per client: a player's rounds queue on that player's row, by design.
    const play = (players: string[], label: string) =>
      measure(
        pool,
        name,
        CLIENTS,
        label,
        async (worker) => {
          await call(
            agent,
            baseUrl,
            'POST',
            '/api/rgs/rounds',
            { authorization: `GameSession ${players[worker]!}`, 'idempotency-key': randomUUID() },
            DICE_ROUND,
          );
        },
        cpuSeconds,
      );
    // (a) and (c) twice, in the order a c c a: a drift of the machine's speed during the run
    // (warming up, neighbours' load) weighs on both alike. BENCH_GAMES=retention: a d a only.
    const rounds = await play(tokens, '(a) dice rounds over HTTP');
    const bonusRounds = RETENTION_ONLY
      ? null
      : await play(bonusTokens, '(c) dice rounds with a bonus');
    const bonusRounds2 = RETENTION_ONLY ? null : await play(bonusTokens, '(c) again');
    const rounds2 = RETENTION_ONLY ? null : await play(tokens, '(a) again');
    const outbox = await outboxDrain(pool);
    const plainRelay = relayOf(before, await outboxCounters(pool));
    const questBefore = await outboxCounters(pool);
    const questRounds = await play(
      questTokens,
      `(d) dice rounds, ${QUESTS_PER_PLAYER} quests and loyalty each`,
    );
    const questOutbox = await outboxDrain(pool);
    const questRelay = relayOf(questBefore, await outboxCounters(pool));
    const rounds3 = RETENTION_ONLY ? await play(tokens, '(a) again') : rounds2!;
    await outboxDrain(pool);
    const baseline = (rounds.perSecond + rounds3.perSecond) / 2;
    const questRatio = questRounds.perSecond / baseline;

    const invariants = await runLedgerInvariants(db);
    const violations = invariants.filter((r) => r.violations > 0);
    const ratio = transfers ? rounds.perSecond / transfers.perSecond : NaN;
    const bonusRatio =
      bonusRounds && bonusRounds2 && rounds2
        ? (bonusRounds.perSecond + bonusRounds2.perSecond) / (rounds.perSecond + rounds2.perSecond)
        : NaN;
    const measured = (
      [
        ['(a) settled dice round over HTTP', rounds],
        ['(u) UPDATE one row (baseline)', updates],
        ['(b) ledger transfer (baseline)', transfers],
        ['(c) settled dice round, active bonus', bonusRounds],
        ['(c) again', bonusRounds2],
        ['(a) again', rounds3],
        [`(d) settled dice round, ${QUESTS_PER_PLAYER} quests + loyalty`, questRounds],
      ] as [string, Measure | null][]
    ).filter((row): row is [string, Measure] => row[1] !== null);
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
        ...measured.map(([label, m]) => [
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
    if (transfers && updates) {
      console.log(`\nrounds/s ÷ ledger transfers/s = ${fixed(ratio, 2)} (target ≥ ${TARGET})`);
      console.log(
        `rounds/s ÷ UPDATE tx/s = ${fixed(rounds.perSecond / updates.perSecond, 2)}, ` +
          `transfers/s ÷ UPDATE tx/s = ${fixed(transfers.perSecond / updates.perSecond, 2)} ` +
          `(issue 21: target ≥ ${UPDATE_TARGET} each)`,
      );
      console.log(
        `rounds/s with a bonus ÷ without (both passes) = ${fixed(bonusRatio, 2)} ` +
          `(target ≥ ${BONUS_TARGET})`,
      );
    }
    console.log(
      `\noutbox after (a): ${outbox.backlog} events undelivered when the rounds stopped, ` +
        `delivered ${fixed(outbox.drainSeconds, 2)} s later; ${fixed(plainRelay.eventsPerRound, 1)} ` +
        `events per round, relay ${fixed(plainRelay.eventsPerSecond)} events/s`,
    );
    console.log(
      `retention: rounds/s with ${QUESTS_PER_PLAYER} active quests and loyalty ÷ without ` +
        `(mean of the (a) passes around it) = ${fixed(questRatio, 2)} (target ≥ ${QUEST_TARGET})`,
    );
    console.log(
      `retention: outbox backlog when (d) stopped ${questOutbox.backlog} events, drained in ` +
        `${fixed(questOutbox.drainSeconds, 2)} s = ${fixed(questOutbox.drainSeconds / DRAIN_TARGET_S, 2)} ` +
        `× the ${DRAIN_TARGET_S} s target; ${fixed(questRelay.eventsPerRound, 1)} events per round, ` +
        `relay ${fixed(questRelay.eventsPerSecond)} events/s ` +
        `(${fixed(questRelay.eventsPerSecond / Math.max(1, questRelay.eventsPerRound))} rounds/s of events)`,
    );
    for (const [, m] of measured) if (m.firstError) console.log(`first error: ${m.firstError}`);
    console.log(
      violations.length === 0
        ? `ledger invariants: all ${invariants.length} hold after the run`
        : `ledger invariants FAIL: ${violations.map((v) => `${v.name} (${v.violations})`).join(', ')}`,
    );
    saveResults('games', {
      settings: {
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        clients: CLIENTS,
        retentionOnly: RETENTION_ONLY,
        redis: Boolean(process.env.REDIS_URL),
      },
      rounds,
      transfers,
      updates,
      ratio,
      target: TARGET,
      updateRatios: updates
        ? {
            rounds: rounds.perSecond / updates.perSecond,
            transfers: transfers ? transfers.perSecond / updates.perSecond : null,
          }
        : null,
      updateTarget: UPDATE_TARGET,
      bonusRounds: [bonusRounds, bonusRounds2],
      roundsAgain: rounds3,
      bonusRatio,
      bonusTarget: BONUS_TARGET,
      outbox,
      relay: plainRelay,
      questRounds,
      questRatio,
      questTarget: QUEST_TARGET,
      questOutbox,
      questRelay,
      drainTargetSeconds: DRAIN_TARGET_S,
      invariants,
    });
  } finally {
    agent.destroy();
    await server?.stop();
    await pool.end();
    if (KEEP_DB) console.log(`kept database ${name}`);
    else await onServer(SERVER_URL, `drop database if exists "${name}" with (force)`);
  }
}

await main();
