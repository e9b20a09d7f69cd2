import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accessTokenSchema, realityCheckStateSchema, type RoundAnswer } from '@coinfall/shared';
import { realityCheckAnswers } from '../../src/db/schema/index.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { redemptionFixtures, type TestPlayer } from '../redemption/redemption-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';

const MINUTE = 60_000;
const PATH = '/api/player/protection/reality-check';

let t: TestApp;
let clocked: FastifyInstance;
let clock: { ms: number };
/** Rounds and calls on the clocked app: the rounds start at the clock's time. */
let f: ReturnType<typeof rgsFixtures>;
let money: ReturnType<typeof redemptionFixtures>;

beforeAll(async () => {
  // Tokens live a day: the clock moves over an hour ahead.
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  });
  ({ app: clocked, clock } = await createClockedApp(t));
  f = rgsFixtures({ ...t, app: clocked });
  money = redemptionFixtures(t);
});

afterAll(async () => {
  await clocked.close();
  await t.close();
});

const state = async (token: string) => {
  const res = await clocked.inject({ method: 'GET', url: PATH, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return realityCheckStateSchema.parse(res.json());
};
const setInterval = (token: string, intervalMinutes: unknown) =>
  clocked.inject({
    method: 'PUT',
    url: PATH,
    headers: bearer(token),
    payload: { intervalMinutes },
  });
const acknowledge = (token: string, payload: object) =>
  clocked.inject({ method: 'POST', url: `${PATH}/acknowledge`, headers: bearer(token), payload });

/** A player with 10,000 GC and 100 SC to play. */
async function richPlayer(): Promise<TestPlayer> {
  const p = await money.player({ currencies: ['SC', 'GC'] });
  await money.creditWinnings(p, 10_000, 'SC');
  await money.creditWinnings(p, 1_000_000, 'GC');
  return p;
}

/** Plays `bets` in `currency` (the account switched to it first); answers the rounds. */
async function play(p: TestPlayer, currency: string, bets: number[]): Promise<RoundAnswer[]> {
  const sw = await f.call(
    'PUT',
    `/api/wallet/accounts/${p.accounts[currency]}/switch`,
    bearer(p.token),
  );
  expect(sw.statusCode, sw.body).toBe(200);
  const token = await f.launch(p, 'dice');
  const answers: RoundAnswer[] = [];
  for (const bet of bets) {
    answers.push(await f.start(token, { bet, params: { target: 0.5, direction: 'under' } }));
  }
  return answers;
}

const resultOf = (answers: RoundAnswer[], currency: string) => {
  const staked = answers.reduce((sum, a) => sum + a.round.bet, 0);
  const won = answers.reduce((sum, a) => sum + a.round.payout, 0);
  return { currency, staked, won, net: won - staked };
};

describe('reality checks', () => {
  it('refuses an interval or an answer that is not one of the choices, naming the field', async () => {
    const { accessToken } = await register(t);
    const bad = await setInterval(accessToken, 20);
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toContain('body.intervalMinutes');
    const answer = await acknowledge(accessToken, { action: 'later', checkAt: 'soon' });
    expect(answer.statusCode).toBe(400);
    expect(failedFields(answer)).toEqual(expect.arrayContaining(['body.action', 'body.checkAt']));
    const anonymous = await clocked.inject({ method: 'GET', url: PATH });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports no session before any round, and off by default', async () => {
    const { accessToken } = await register(t);
    expect(await state(accessToken)).toEqual({
      intervalMinutes: null,
      session: null,
      nextCheckAt: null,
    });
  });

  it('tracks a play session in two currencies that survives a refresh, and moves on an answer', async () => {
    clock.ms = Date.now();
    const p = await richPlayer();
    expect((await setInterval(p.token, 15)).statusCode).toBe(200);
    clock.ms += MINUTE;
    const started = clock.ms;
    const gc = await play(p, 'GC', [1_000, 2_000, 5_000]);
    clock.ms += MINUTE;
    const sc = await play(p, 'SC', [50, 100]);

    clock.ms += MINUTE;
    const first = await state(p.token);
    expect(first.intervalMinutes).toBe(15);
    expect(first.session?.startedAt).toBe(new Date(started).toISOString());
    expect(first.session?.playedSeconds).toBe(120);
    expect(first.session?.results).toEqual([resultOf(gc, 'GC'), resultOf(sc, 'SC')]);
    expect(first.nextCheckAt).toBe(new Date(started + 15 * MINUTE).toISOString());

    // A new token (refresh) reads the same session and the same check.
    const refreshed = await clocked.inject({
      method: 'POST',
      url: '/api/player/sessions/refresh',
      headers: bearer(p.token),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const token = accessTokenSchema.parse(refreshed.json()).accessToken;
    expect(await state(token)).toEqual(first);

    // Answered a minute after it was due: the next one is an interval after the answer.
    clock.ms = started + 16 * MINUTE;
    const answered = await acknowledge(token, { action: 'continue', checkAt: first.nextCheckAt });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = realityCheckStateSchema.parse(answered.json());
    expect(after.nextCheckAt).toBe(new Date(started + 31 * MINUTE).toISOString());
    expect(after.session?.startedAt).toBe(first.session?.startedAt);

    // The same check answered again (another tab) records nothing and moves nothing.
    const again = await acknowledge(token, { action: 'stop', checkAt: first.nextCheckAt });
    expect(realityCheckStateSchema.parse(again.json()).nextCheckAt).toBe(after.nextCheckAt);
    const rows = await t.database.db
      .select()
      .from(realityCheckAnswers)
      .where(and(eq(realityCheckAnswers.playerId, p.playerId)));
    expect(rows.map((r) => [r.action, r.playedSeconds])).toEqual([['continue', 16 * 60]]);

    // Thirty minutes without a round end the session: nothing is due any more.
    clock.ms = started + 2 * MINUTE + 31 * MINUTE;
    expect(await state(token)).toEqual({ intervalMinutes: 15, session: null, nextCheckAt: null });

    // A new round starts a new session, whose first check is an interval later.
    const next = await play({ ...p, token }, 'GC', [1_000]);
    const fresh = await state(token);
    expect(fresh.session?.startedAt).toBe(new Date(clock.ms).toISOString());
    expect(fresh.session?.results).toEqual([resultOf(next, 'GC')]);
    expect(fresh.nextCheckAt).toBe(new Date(clock.ms + 15 * MINUTE).toISOString());

    // Switched off: no check is due.
    const off = await setInterval(token, null);
    expect(realityCheckStateSchema.parse(off.json()).nextCheckAt).toBeNull();
  });

  it('never shows one player the session of another', async () => {
    clock.ms = Date.now();
    const player = await richPlayer();
    await play(player, 'GC', [1_000]);
    const other = await register(t);
    expect((await setInterval(other.accessToken, 30)).statusCode).toBe(200);
    expect((await state(other.accessToken)).session).toBeNull();
    const answer = await acknowledge(other.accessToken, {
      action: 'continue',
      checkAt: new Date(clock.ms + 30 * MINUTE).toISOString(),
    });
    expect(realityCheckStateSchema.parse(answer.json()).session).toBeNull();
    expect((await state(player.token)).session?.results).toHaveLength(1);
  });
});

describe('session-time limit', () => {
  const createLimit = (token: string, amount: number) =>
    clocked.inject({
      method: 'POST',
      url: '/api/player/limits',
      headers: bearer(token),
      payload: { type: 'session-time', period: 'day', amount },
    });

  it('refuses more minutes than the period has, naming the field', async () => {
    const { accessToken } = await register(t);
    const res = await createLimit(accessToken, 1_441);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('body.amount');
  });

  it('allows rounds within the day’s play time and refuses them once it is reached', async () => {
    clock.ms = Date.now();
    const p = await richPlayer();
    const limit = await createLimit(p.token, 10);
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.json()).toMatchObject({ type: 'session-time', amount: 10, currency: 'MIN' });
    const sw = await f.call('PUT', `/api/wallet/accounts/${p.accounts.GC}/switch`, bearer(p.token));
    expect(sw.statusCode).toBe(200);
    const game = await f.launch(p, 'dice');
    const round = () =>
      f.startRaw(game, { bet: 1_000, params: { target: 0.5, direction: 'under' } });

    expect((await round()).statusCode).toBe(200);
    clock.ms += 9 * MINUTE;
    expect((await round()).statusCode).toBe(200);
    clock.ms += 2 * MINUTE;
    const refused = await round();
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'SESSION_TIME_LIMIT_REACHED',
      details: { period: 'day', minutes: 10, playedMinutes: 11 },
    });

    // A raise waits for its cooling-off: the bet is still refused.
    const { limitId } = limit.json<{ limitId: string }>();
    const raised = await clocked.inject({
      method: 'PUT',
      url: `/api/player/limits/${limitId}`,
      headers: bearer(p.token),
      payload: { period: 'day', amount: 120 },
    });
    expect(raised.json()).toMatchObject({ amount: 10, pendingAmount: 120 });
    expect((await round()).statusCode).toBe(409);
  });

  it('does not count a pause between play sessions, and applies a decrease at once', async () => {
    clock.ms = Date.now();
    const p = await richPlayer();
    expect((await createLimit(p.token, 30)).statusCode).toBe(200);
    const sw = await f.call('PUT', `/api/wallet/accounts/${p.accounts.GC}/switch`, bearer(p.token));
    expect(sw.statusCode).toBe(200);
    const game = await f.launch(p, 'dice');
    const round = () =>
      f.startRaw(game, { bet: 1_000, params: { target: 0.5, direction: 'under' } });
    expect((await round()).statusCode).toBe(200);
    clock.ms += 8 * MINUTE;
    expect((await round()).statusCode).toBe(200);
    // An hour away: the first session counted 8 minutes, the pause nothing.
    clock.ms += 60 * MINUTE;
    expect((await round()).statusCode).toBe(200);
    clock.ms += 5 * MINUTE;
    expect((await round()).statusCode).toBe(200);
    const { data } = (
      await clocked.inject({ method: 'GET', url: '/api/player/limits', headers: bearer(p.token) })
    ).json<{ data: { limitId: string; type: string }[] }>();
    const limitId = data.find((l) => l.type === 'session-time')!.limitId;
    const lowered = await clocked.inject({
      method: 'PUT',
      url: `/api/player/limits/${limitId}`,
      headers: bearer(p.token),
      payload: { period: 'day', amount: 13 },
    });
    expect(lowered.json()).toMatchObject({ amount: 13, pendingAmount: null });
    const refused = await round();
    expect(errorOf(refused)).toMatchObject({
      code: 'SESSION_TIME_LIMIT_REACHED',
      details: { playedMinutes: 13 },
    });
  });
});
