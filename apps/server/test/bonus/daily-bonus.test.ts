import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dailyBonusClaimSchema, dailyBonusStateSchema, WELCOME_COINS } from '@coinfall/shared';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields } from '../player/player-fixtures.ts';
import { balanceOf, call, expectLedgerSound, newPlayer } from './bonus-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

const URL_DAILY = '/api/game/bonuses/daily';
const HOUR = 3_600_000;

describe('GET /api/game/bonuses/daily', () => {
  it('shows a new player a claimable first day, 401 without a session', async () => {
    const { token } = await newPlayer(t);
    const res = await call(t, 'GET', URL_DAILY, token);
    expect(dailyBonusStateSchema.parse(res.json())).toEqual({
      claimable: true,
      streak: 1,
      rewards: [
        { currency: 'GC', amount: 100_000 },
        { currency: 'SC', amount: 10 },
      ],
      nextClaimAt: null,
    });
    expect((await call(t, 'GET', URL_DAILY)).statusCode).toBe(401);
  });
});

describe('POST /api/game/bonuses/daily', () => {
  it('pays the day’s reward as cash once per 24 h; a retry with the key answers the same', async () => {
    const { token, playerId } = await newPlayer(t);
    const key = `daily-${randomUUID()}`;
    const first = await call(t, 'POST', URL_DAILY, token, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    const claim = dailyBonusClaimSchema.parse(first.json());
    expect(claim.claimed).toEqual([
      { currency: 'GC', amount: 100_000 },
      { currency: 'SC', amount: 10 },
    ]);
    expect(claim.state).toMatchObject({ claimable: false, streak: 1 });
    expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC + 100_000);

    const retry = await call(t, 'POST', URL_DAILY, token, undefined, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    const again = await call(t, 'POST', URL_DAILY, token, undefined, `daily-${randomUUID()}`);
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT' });
    expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC + 100_000);
    await expectLedgerSound(t);
  });

  it('claims nothing while the daily bonus’s claim cap is spent: no streak step, no 24 h wait', async () => {
    const { token, playerId } = await newPlayer(t);
    const capAt = (cap: string) =>
      t.database.db.execute(
        sql.raw(`update bonus_definitions set claim_cap = ${cap} where slug = 'daily'`),
      );
    await capAt('claims');
    try {
      const refused = await call(t, 'POST', URL_DAILY, token, undefined, `daily-${randomUUID()}`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused)).toMatchObject({ details: { reason: 'exhausted' } });
      expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC);
    } finally {
      await capAt('null');
    }
    const state = dailyBonusStateSchema.parse((await call(t, 'GET', URL_DAILY, token)).json());
    expect(state).toMatchObject({ claimable: true, streak: 1 });
    const paid = await call(t, 'POST', URL_DAILY, token, undefined, `daily-${randomUUID()}`);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('answers 400 naming the Idempotency-Key header, 401 without a session', async () => {
    const { token } = await newPlayer(t);
    expect(failedFields(await call(t, 'POST', URL_DAILY, token))).toEqual([
      'headers.idempotency-key',
    ]);
    expect((await call(t, 'POST', URL_DAILY, undefined, undefined, 'daily-key-1')).statusCode).toBe(
      401,
    );
  });

  it('credits exactly once for 20 concurrent claims by one player', async () => {
    const { token, playerId } = await newPlayer(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'POST', URL_DAILY, token, undefined, `daily-${randomUUID()}`),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC + 100_000);
    expect(await balanceOf(t, playerId, 'SC', 'player')).toBe(WELCOME_COINS.SC + 10);
    await expectLedgerSound(t);
  });

  it('grows the reward with a streak kept within 48 h and starts again after', async () => {
    const { token, playerId } = await newPlayer(t);
    const { app, clock } = await createClockedApp(t);
    try {
      const claim = async () => {
        const res = await app.inject({
          method: 'POST',
          url: URL_DAILY,
          headers: { ...bearer(token), 'idempotency-key': `daily-${randomUUID()}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        return dailyBonusClaimSchema.parse(res.json());
      };
      const amounts = [];
      for (let day = 0; day < 8; day += 1) {
        amounts.push((await claim()).claimed.find((c) => c.currency === 'GC')?.amount);
        clock.ms += 25 * HOUR;
      }
      expect(amounts).toEqual([
        100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 500_000,
      ]);
      clock.ms += 48 * HOUR;
      const state = await app.inject({ method: 'GET', url: URL_DAILY, headers: bearer(token) });
      expect(dailyBonusStateSchema.parse(state.json())).toMatchObject({
        claimable: true,
        streak: 1,
      });
      expect((await claim()).claimed[0]).toEqual({ currency: 'GC', amount: 100_000 });
      const paid =
        100_000 + 150_000 + 200_000 + 250_000 + 300_000 + 400_000 + 500_000 * 2 + 100_000;
      expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC + paid);
    } finally {
      await app.close();
    }
  });
});
