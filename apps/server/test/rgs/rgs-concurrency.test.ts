import { randomUUID } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { rgsFixtures } from './rgs-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

// Money and concurrency run on PostgreSQL: PGlite has one connection and hides races.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let f: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  f = rgsFixtures(t);
});
afterAll(() => t.close());

describe.runIf(onPostgres)('rounds under concurrency (PostgreSQL)', () => {
  it('L1: balance 100 SC, 100 concurrent bets of 10 SC: exactly what the balance covers', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'dice');
    // 0.01 % to win: almost surely no payout refills the balance mid-run.
    const params = { target: 0.01, direction: 'under' };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => f.startRaw(token, { bet: 1_000, params })),
    );
    const accepted = results.filter((r) => r.statusCode === 200).map((r) => f.answerOf(r));
    const refused = results.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json<{ code: string }>().code).toBe('INSUFFICIENT_FUNDS');
    const paid = accepted.reduce((sum, a) => sum + a.round.payout, 0);
    const final = (await f.open(token)).balance;
    expect(final).toBe(10_000 - accepted.length * 1_000 + paid);
    expect(final).toBeLessThan(1_000);
    if (paid === 0) {
      expect(accepted).toHaveLength(10);
      expect(final).toBe(0);
    }
    await f.expectLedgerInvariants();
  });

  it('L1 with wins: a round whose payout would cover its own stake is still refused unless the balance does', async () => {
    // One posting nets stake and win (decision 015): the stake is checked against the balance.
    const p = await f.scPlayer(1_500);
    const token = await f.launch(p, 'dice');
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        f.startRaw(token, { bet: 1_000, params: { target: 50, direction: 'under' } }),
      ),
    );
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json<{ code: string }>().code).toBe('INSUFFICIENT_FUNDS');
    }
    const accepted = results
      .filter((r) => r.statusCode === 200)
      .map((r) => f.answerOf(r))
      .sort((a, b) => a.round.nonce - b.round.nonce);
    let before = 1_500;
    for (const a of accepted) {
      expect(before).toBeGreaterThanOrEqual(1_000);
      expect(a.balance).toBe(before - 1_000 + a.round.payout);
      before = a.balance;
    }
    expect((await f.open(token)).balance).toBe(before);
    await f.expectLedgerInvariants();
  });

  it('L4: 10 concurrent and then sequential retries of a round → one round, identical answers', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'dice');
    const body = { bet: 1_000, params: { target: 50, direction: 'under' } };
    const key = `round-${randomUUID()}`;
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => f.startRaw(token, body, key)),
    );
    const sequential = [await f.startRaw(token, body, key), await f.startRaw(token, body, key)];
    const bodies = new Set([...concurrent, ...sequential].map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(concurrent[0]!.statusCode).toBe(200);
    const first = f.answerOf(concurrent[0]!);
    expect((await f.open(token)).fairness.nonce).toBe(first.round.nonce + 1);
    expect((await f.open(token)).balance).toBe(first.balance);
    // The same key with another body is refused.
    const other = await f.startRaw(token, { ...body, bet: 20 }, key);
    expect(other.statusCode).toBe(409);
    await f.expectLedgerInvariants();
  });

  it('L4: a refusal is the key’s answer too, even once the balance would cover the bet', async () => {
    const p = await f.scPlayer(500);
    const token = await f.launch(p, 'dice');
    const body = { bet: 1_000, params: { target: 50, direction: 'under' } };
    const key = `round-${randomUUID()}`;
    const refused = await f.startRaw(token, body, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('INSUFFICIENT_FUNDS');
    const credit = await f.call(
      'POST',
      `/api/dev/players/${p.playerId}/sweeps-credit`,
      operatorHeaders(),
      { amount: 10_000, playedThrough: true, requestKey: `credit-${randomUUID()}` },
    );
    expect(credit.statusCode).toBe(200);
    const retry = await f.startRaw(token, body, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.body).toBe(refused.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await f.open(token)).balance).toBe(10_500);
  });

  it('F2: 200 concurrent rounds on one seed pair take nonces n…n+199, no gap, no repeat', async () => {
    const p = await f.scPlayer(200 * 20);
    const token = await f.launch(p, 'dice');
    const n = (await f.open(token)).fairness.nonce;
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        f.startRaw(token, { bet: 20, params: { target: 0.01, direction: 'under' } }),
      ),
    );
    const nonces = results.map((r) => f.answerOf(r).round.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 200 }, (_, i) => n + i));
    expect((await f.open(token)).fairness.nonce).toBe(n + 200);
  });

  it('L5: a server closed mid-round; the next one resumes the open round identical', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'mines');
    const started = await f.start(token, { bet: 1_000, params: { mines: 3 } });
    const before = await f.open(token);
    await t.app.close();

    const database = await openDatabase({
      databaseUrl: t.database.connectionString,
      pgliteDir: 'memory://',
      poolSize: 4,
    });
    const app = await buildApp({ config: t.config, database, redis: t.redis, site: null });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/rgs/session',
        headers: { authorization: `GameSession ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json<typeof before>();
      expect(after.openRound).toEqual(started.round);
      expect(after.balance).toBe(before.balance);
      const cashout = await app.inject({
        method: 'POST',
        url: `/api/rgs/rounds/${started.round.id}/actions`,
        headers: { authorization: `GameSession ${token}`, 'idempotency-key': `k-${randomUUID()}` },
        payload: { action: { type: 'reveal', tile: 0 } },
      });
      expect(cashout.statusCode, cashout.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
