import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { roundAnswerSchema, spinListSchema, type RoundAnswer } from '@coinfall/shared';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { freePort, spawnServer, waitForHealth } from '../child-server.ts';
import { createTestApp, rowsOf, type TestApp } from '../test-app.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';
import { bearer } from '../player/player-fixtures.ts';
import { gameSession, rgsFixtures } from './rgs-fixtures.ts';

/**
 * Round starts settled together by group commit (decision 072): what a batch may and may not do.
 * Rounds of one transaction share its start time (`now()` of every ledger row it wrote), which
 * is how these tests see which rounds went together.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
/** 0.01 % to win: almost surely every stake is lost, so balances run down as planned. */
const LOSING = { target: 0.01, direction: 'under' };

let t: TestApp;
let f: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  await withoutWelcomeCoins(t);
  f = rgsFixtures(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

/**
 * A dice player with `amount` SC whose seed pair exists (its first round, 1 SC, played):
 * `token` is the game session's, `accessToken` the player's.
 */
async function dicePlayer(amount: number) {
  const p = await f.scPlayer(amount + 100);
  const token = await f.launch(p, 'dice');
  await f.start(token, { bet: 100, params: LOSING });
  const state = await f.open(token);
  return { ...p, accessToken: p.token, token, nonce: state.fairness.nonce, balance: state.balance };
}

/** The rounds of these ids grouped by the transaction that wrote them: how many per player. */
async function roundsPerTransaction(roundIds: string[]): Promise<number[]> {
  const rows = await rowsOf<{ n: number }>(
    t,
    sql`
    select count(distinct r.id)::int as n
    from game_rounds r
    join game_round_postings l on l.round_id = r.id
    join ledger_transactions x on x.id = l.transaction_id
    where r.id = any(${`{${roundIds.join(',')}}`}::uuid[])
    group by x.created_at, r.player_id`,
  );
  return rows.map((r) => Number(r.n));
}

const nonces = (answers: RoundAnswer[]) => answers.map((a) => a.round.nonce).sort((a, b) => a - b);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('round starts in batches', () => {
  it('settles two rounds of one player in one transaction; a stake the balance cannot cover is refused alone', async () => {
    const short = await dicePlayer(5_000);
    const rich = await dicePlayer(100_000);
    const results = await Promise.all(
      range(0, 10).flatMap(() => [
        f.startRaw(short.token, { bet: 1_000, params: LOSING }),
        f.startRaw(rich.token, { bet: 1_000, params: LOSING }),
      ]),
    );
    const shortResults = results.filter((_, i) => i % 2 === 0);
    const richResults = results.filter((_, i) => i % 2 === 1);
    const accepted = shortResults.filter((r) => r.statusCode === 200).map(f.answerOf);
    const refused = shortResults.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(5);
    expect(refused.map((r) => [r.statusCode, r.json<{ code: string }>().code])).toEqual(
      range(0, 5).map(() => [409, 'INSUFFICIENT_FUNDS']),
    );
    const richAnswers = richResults.map(f.answerOf);
    // Each player's nonces run on without gap or repeat, across batches and the one-round path.
    expect(nonces(accepted)).toEqual(range(short.nonce, 5));
    expect(nonces(richAnswers)).toEqual(range(rich.nonce, 10));
    expect((await f.open(short.token)).fairness.nonce).toBe(short.nonce + 5);
    // Balances: what each answer said last is what the account holds.
    const paid = (answers: RoundAnswer[]) =>
      answers.reduce((sum, a) => sum + a.round.payout - a.round.bet, 0);
    expect((await f.open(short.token)).balance).toBe(short.balance + paid(accepted));
    expect((await f.open(rich.token)).balance).toBe(rich.balance + paid(richAnswers));
    // The refused rounds left nothing behind.
    const [stored] = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from game_rounds where player_id = ${short.playerId}`,
    );
    expect(Number(stored!.n)).toBe(1 + 5);
    // Group commit was at work: some transaction settled two rounds of one player. (Only on
    // PostgreSQL: the embedded database answers within the event loop's turn, so each injected
    // request finds the last batch already committed and goes alone.)
    const perTransaction = await roundsPerTransaction(
      [...accepted, ...richAnswers].map((a) => a.round.id),
    );
    if (onPostgres) expect(Math.max(...perTransaction)).toBeGreaterThanOrEqual(2);
    // Round history: a batch's rounds share one time, and still list in play order.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/game/spins?perPage=20',
      headers: bearer(rich.accessToken),
    });
    const listed = spinListSchema.parse(history.json()).data.map((s) => s.nonce);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    expect(listed).toHaveLength(11);
    await f.expectLedgerInvariants();
  });

  it('writes each round of a failed batch alone, and a retry of its key replays that answer', async () => {
    const p = await dicePlayer(100_000);
    // Any statement inserting more than one round fails: every batch of two or more rolls back.
    // The refusals are counted by a sequence (a rolled-back transaction keeps what it drew).
    await db().execute(sql`create sequence if not exists rgs_test_refusals`);
    const [drawn] = await rowsOf<{ n: string }>(
      t,
      sql`select nextval('rgs_test_refusals')::text as n`,
    );
    await db().execute(sql`create or replace function rgs_test_no_batch() returns trigger
      language plpgsql as $$ begin
        if (select count(*) from inserted) > 1 then
          perform nextval('rgs_test_refusals');
          raise exception 'batch refused';
        end if;
        return null;
      end $$`);
    await db().execute(sql`create trigger rgs_test_no_batch after insert on game_rounds
      referencing new table as inserted for each statement execute function rgs_test_no_batch()`);
    const keys = range(0, 8).map(() => `batch-${randomUUID()}`);
    let results;
    try {
      results = await Promise.all(
        keys.map((key) => f.startRaw(p.token, { bet: 1_000, params: LOSING }, key)),
      );
    } finally {
      await db().execute(sql`drop trigger rgs_test_no_batch on game_rounds`);
    }
    const answers = results.map(f.answerOf);
    expect(nonces(answers)).toEqual(range(p.nonce, 8));
    // On PostgreSQL the rounds did meet in a batch, which failed (see the first test's note).
    const [after] = await rowsOf<{ n: string }>(
      t,
      sql`select nextval('rgs_test_refusals')::text as n`,
    );
    if (onPostgres) expect(Number(after!.n) - Number(drawn!.n)).toBeGreaterThan(1);
    // Each round went alone: one transaction per round.
    const perTransaction = await roundsPerTransaction(answers.map((a) => a.round.id));
    expect(perTransaction).toEqual(range(0, 8).map(() => 1));
    const retry = await f.startRaw(p.token, { bet: 1_000, params: LOSING }, keys[3]);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(results[3]!.body);
    expect((await f.open(p.token)).fairness.nonce).toBe(p.nonce + 8);
    await f.expectLedgerInvariants();
  });
});

describe('round starts the batch cannot write', () => {
  it('answers through the one-round path when the batch fails even alone', async () => {
    const p = await dicePlayer(100_000);
    // The batch's own insert of rounds (only it names r.bonus_bet) always fails.
    await db().execute(sql`create or replace function rgs_test_no_batch_insert() returns trigger
      language plpgsql as $$ begin
        if current_query() like '%r.bonus_bet%' then raise exception 'batch insert refused'; end if;
        return null;
      end $$`);
    await db().execute(sql`create trigger rgs_test_no_batch_insert after insert on game_rounds
      for each statement execute function rgs_test_no_batch_insert()`);
    let results;
    try {
      results = await Promise.all(
        range(0, 6).map(() => f.startRaw(p.token, { bet: 1_000, params: LOSING })),
      );
    } finally {
      await db().execute(sql`drop trigger rgs_test_no_batch_insert on game_rounds`);
    }
    expect(nonces(results.map(f.answerOf))).toEqual(range(p.nonce, 6));
    await f.expectLedgerInvariants();
  });

  it('answers a key sent twice at once, its round left to the one-round path, with one answer', async () => {
    const other = await dicePlayer(100_000);
    // A first round draws the seed pair: it is the one-round path's, never the batch's.
    const fresh = await f.scPlayer(10_000);
    const token = await f.launch(fresh, 'dice');
    const key = `twice-${randomUUID()}`;
    const results = await Promise.all([
      f.startRaw(other.token, { bet: 1_000, params: LOSING }),
      f.startRaw(token, { bet: 1_000, params: LOSING }, key),
      f.startRaw(token, { bet: 1_000, params: LOSING }, key),
      f.startRaw(other.token, { bet: 1_000, params: LOSING }),
    ]);
    const [first, second] = [results[1], results[2]];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toBe(first.body);
    expect([first, second].map((r) => r.headers['idempotent-replayed']).sort()).toEqual([
      'false',
      'true',
    ]);
    expect((await f.open(token)).balance).toBe(10_000 - 1_000 + f.answerOf(first).round.payout);
  });
});

describe.runIf(onPostgres)('round starts in batches on several nodes (PostgreSQL)', () => {
  it('two nodes settling for one player never both take a nonce, and skip none', async () => {
    const p = await dicePlayer(100_000);
    const database = await openDatabase({
      databaseUrl: t.database.connectionString,
      pgliteDir: 'memory://',
      poolSize: 4,
    });
    const nodeB = await buildApp({ config: t.config, database, redis: t.redis, site: null });
    await nodeB.ready();
    try {
      const onB = () =>
        nodeB.inject({
          method: 'POST',
          url: '/api/rgs/rounds',
          headers: { ...gameSession(p.token), 'idempotency-key': `b-${randomUUID()}` },
          payload: { bet: 1_000, params: LOSING },
        });
      const results = await Promise.all(
        range(0, 20).flatMap(() => [f.startRaw(p.token, { bet: 1_000, params: LOSING }), onB()]),
      );
      const answers = results.map(f.answerOf);
      expect(nonces(answers)).toEqual(range(p.nonce, 40));
      expect((await f.open(p.token)).fairness.nonce).toBe(p.nonce + 40);
      await f.expectLedgerInvariants();
    } finally {
      await nodeB.close();
      await database.close();
    }
  });

  it('a server killed (SIGKILL) during batches loses no acknowledged round and leaves no half round', async () => {
    const players = await Promise.all(range(0, 3).map(() => dicePlayer(1_000_000)));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfall-kill-'));
    const port = await freePort();
    const child = spawnServer({
      port,
      dataDir,
      env: { DATABASE_URL: t.database.connectionString! },
    });
    try {
      await waitForHealth(port, child);
      const acknowledged: RoundAnswer[] = [];
      let killed = false;
      const round = async (token: string) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/rgs/rounds`, {
          method: 'POST',
          headers: {
            ...gameSession(token),
            'idempotency-key': `kill-${randomUUID()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ bet: 1_000, params: LOSING }),
        });
        if (res.status !== 200) throw new Error(`round: ${res.status}`);
        acknowledged.push(roundAnswerSchema.parse(await res.json()));
        // Killed while the other requests are queued or in a batch.
        if (acknowledged.length === 20 && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      };
      await Promise.allSettled(players.flatMap((p) => range(0, 40).map(() => round(p.token))));
      expect(killed).toBe(true);

      const ids = players.map((p) => p.playerId);
      const idList = sql`${`{${ids.join(',')}}`}::uuid[]`;
      // Every acknowledged round is stored.
      const stored = await rowsOf<{ id: string }>(
        t,
        sql`select id from game_rounds where player_id = any(${idList})`,
      );
      const storedIds = new Set(stored.map((r) => r.id));
      for (const a of acknowledged) expect(storedIds.has(a.round.id)).toBe(true);
      // No half round: every round has its postings, every round posting has its round.
      const bare = await rowsOf(
        t,
        sql`select r.id from game_rounds r
        where r.player_id = any(${idList})
          and not exists (select from game_round_postings l where l.round_id = r.id)`,
      );
      expect(bare).toEqual([]);
      const orphans = await rowsOf(
        t,
        sql`select x.id from ledger_transactions x
        where x.player_id = any(${idList}) and x.metadata ? 'roundId'
          and not exists (select from game_rounds r where r.id = (x.metadata->>'roundId')::uuid)`,
      );
      expect(orphans).toEqual([]);
      // Each pair's nonces: every one taken by a stored round, none twice, none skipped.
      for (const p of players) {
        const taken = await rowsOf<{ nonce: number; next: number }>(
          t,
          sql`
          select r.nonce, s.next_nonce as next from game_rounds r
          join fairness_seeds s on s.id = r.seed_id
          where r.player_id = ${p.playerId} and r.nonce >= ${p.nonce} order by r.nonce`,
        );
        const list = taken.map((r) => Number(r.nonce));
        expect(list).toEqual(range(p.nonce, list.length));
        if (taken[0]) expect(Number(taken[0].next)).toBe(p.nonce + list.length);
      }
      await f.expectLedgerInvariants();
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
