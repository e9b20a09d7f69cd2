import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { playerLimitListSchema, playerLimitSchema, type PlayerLimit } from '@coinfall/shared';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from './player-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
/** A second app on the same database whose clock the tests move. */
let clocked: FastifyInstance;
let clock: { ms: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  ({ app: clocked, clock } = await createClockedApp(t));
});

afterAll(async () => {
  await clocked.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object, app = t.app) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

const list = async (token: string, app = t.app) => {
  const res = await call('GET', '/api/player/limits', token, undefined, app);
  expect(res.statusCode).toBe(200);
  return playerLimitListSchema.parse(res.json()).data;
};
const create = async (token: string, body: object, app = t.app): Promise<PlayerLimit> => {
  const res = await call('POST', '/api/player/limits', token, body, app);
  expect(res.statusCode, res.body).toBe(200);
  return playerLimitSchema.parse(res.json());
};
const put = (token: string, id: string, body: object, app = t.app) =>
  call('PUT', `/api/player/limits/${id}`, token, body, app);
const remove = (token: string, id: string, app = t.app) =>
  call('DELETE', `/api/player/limits/${id}`, token, undefined, app);

describe('limits: good input', () => {
  it('creates a limit that applies at once, in USD by default, and lists it', async () => {
    const { accessToken } = await register(t);
    expect(await list(accessToken)).toEqual([]);
    const day = await create(accessToken, { type: 'purchase', period: 'day', amount: 5000 });
    expect(day).toMatchObject({
      period: 'day',
      amount: 5000,
      currency: 'USD',
      pendingAmount: null,
      effectiveAt: null,
      removesAt: null,
    });
    const month = await create(accessToken, {
      type: 'purchase',
      period: 'month',
      amount: 90000,
      currency: 'EUR',
    });
    expect(month.currency).toBe('EUR');
    expect((await list(accessToken)).map((l) => l.limitId)).toEqual([day.limitId, month.limitId]);
  });

  it('applies a decrease at once', async () => {
    const { accessToken } = await register(t);
    const week = await create(accessToken, { type: 'purchase', period: 'week', amount: 10000 });
    const res = await put(accessToken, week.limitId, { period: 'week', amount: 2500 });
    expect(res.statusCode).toBe(200);
    expect(playerLimitSchema.parse(res.json())).toMatchObject({
      amount: 2500,
      pendingAmount: null,
      effectiveAt: null,
    });
  });

  it('refuses a second limit for the same period (409 naming body.period)', async () => {
    const { accessToken } = await register(t);
    await create(accessToken, { type: 'purchase', period: 'day', amount: 100 });
    const res = await call('POST', '/api/player/limits', accessToken, {
      type: 'purchase',
      period: 'day',
      amount: 50,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
    expect(failedFields(res)).toEqual(['body.period']);
  });
});

describe('limits: types', () => {
  it('keeps purchase, loss and wager limits of the same period apart, listed in that order', async () => {
    const { accessToken } = await register(t);
    const wager = await create(accessToken, { type: 'wager', period: 'day', amount: 300 });
    const loss = await create(accessToken, { type: 'loss', period: 'day', amount: 200 });
    const purchase = await create(accessToken, { type: 'purchase', period: 'day', amount: 100 });
    expect((await list(accessToken)).map((l) => [l.type, l.limitId])).toEqual([
      ['purchase', purchase.limitId],
      ['loss', loss.limitId],
      ['wager', wager.limitId],
    ]);
  });
});

describe('limits: bad input → 400 naming the field', () => {
  let token: string;
  let limitId: string;
  beforeAll(async () => {
    token = (await register(t)).accessToken;
    limitId = (await create(token, { type: 'purchase', period: 'day', amount: 100 })).limitId;
  });

  it.each([
    [{ period: 'week', amount: 100 }, 'body.type'],
    [{ type: 'bets', period: 'week', amount: 100 }, 'body.type'],
    [{ type: 'wager', amount: 100 }, 'body.period'],
    [{ type: 'wager', period: 'year', amount: 100 }, 'body.period'],
    [{ type: 'wager', period: 'week' }, 'body.amount'],
    [{ type: 'wager', period: 'week', amount: 0 }, 'body.amount'],
    [{ type: 'wager', period: 'week', amount: -5 }, 'body.amount'],
    [{ type: 'wager', period: 'week', amount: 10.5 }, 'body.amount'],
    [{ type: 'wager', period: 'week', amount: '100' }, 'body.amount'],
    [{ type: 'wager', period: 'week', amount: 100, currency: 'usd' }, 'body.currency'],
    [{ type: 'wager', period: 'week', amount: 100, currency: 7 }, 'body.currency'],
  ])('POST %j → %s', async (body, field) => {
    const res = await call('POST', '/api/player/limits', token, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(failedFields(res)).toContain(field);
  });

  it.each([
    [{ amount: 100 }, 'body.period'],
    [{ period: 'day' }, 'body.amount'],
    [{ period: 'day', amount: 0 }, 'body.amount'],
    [{ period: 'week', amount: 100 }, 'body.period'],
  ])('PUT %j → %s', async (body, field) => {
    const res = await put(token, limitId, body);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain(field);
  });

  it('PUT and DELETE with a malformed id → params.limitId', async () => {
    const bad = await put(token, 'not-a-uuid', { period: 'day', amount: 1 });
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['params.limitId']);
    const badDelete = await remove(token, 'not-a-uuid');
    expect(badDelete.statusCode).toBe(400);
    expect(failedFields(badDelete)).toEqual(['params.limitId']);
  });
});

describe('limits: access', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    const id = randomUUID();
    const body = { period: 'day', amount: 1 };
    for (const [method, url, payload] of [
      ['GET', '/api/player/limits', undefined],
      ['POST', '/api/player/limits', body],
      ['PUT', `/api/player/limits/${id}`, body],
      ['DELETE', `/api/player/limits/${id}`, undefined],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHENTICATED');
    }
  });

  it("never lets player B see, change or delete A's limit (404)", async () => {
    const a = await register(t);
    const b = await register(t);
    const limit = await create(a.accessToken, { type: 'purchase', period: 'day', amount: 1000 });
    expect(await list(b.accessToken)).toEqual([]);
    const change = await put(b.accessToken, limit.limitId, { period: 'day', amount: 1 });
    expect(change.statusCode).toBe(404);
    expect(errorOf(change).code).toBe('NOT_FOUND');
    expect((await remove(b.accessToken, limit.limitId)).statusCode).toBe(404);
    expect(await list(a.accessToken)).toEqual([limit]);
  });

  it('answers 404 for an unknown id', async () => {
    const { accessToken } = await register(t);
    expect((await put(accessToken, randomUUID(), { period: 'day', amount: 1 })).statusCode).toBe(
      404,
    );
    expect((await remove(accessToken, randomUUID())).statusCode).toBe(404);
  });
});

describe('limits: cooling-off (injected clock)', () => {
  it('holds a raise for 24 h, then applies it', async () => {
    clock.ms = Date.parse('2030-01-01T10:00:00Z');
    const { accessToken } = await register(t);
    const limit = await create(
      accessToken,
      { type: 'purchase', period: 'day', amount: 1000 },
      clocked,
    );

    const raised = await put(accessToken, limit.limitId, { period: 'day', amount: 5000 }, clocked);
    expect(raised.statusCode).toBe(200);
    expect(playerLimitSchema.parse(raised.json())).toMatchObject({
      amount: 1000,
      pendingAmount: 5000,
      effectiveAt: '2030-01-02T10:00:00.000Z',
    });

    clock.ms += DAY_MS - 1;
    expect((await list(accessToken, clocked))[0]).toMatchObject({
      amount: 1000,
      pendingAmount: 5000,
    });

    clock.ms += 1;
    expect((await list(accessToken, clocked))[0]).toMatchObject({
      amount: 5000,
      pendingAmount: null,
      effectiveAt: null,
    });
  });

  it('a decrease during the cooling-off cancels the waiting raise', async () => {
    clock.ms = Date.parse('2030-02-01T10:00:00Z');
    const { accessToken } = await register(t);
    const limit = await create(
      accessToken,
      { type: 'purchase', period: 'week', amount: 1000 },
      clocked,
    );
    await put(accessToken, limit.limitId, { period: 'week', amount: 9000 }, clocked);
    clock.ms += 60_000;
    const lowered = await put(accessToken, limit.limitId, { period: 'week', amount: 800 }, clocked);
    expect(playerLimitSchema.parse(lowered.json())).toMatchObject({
      amount: 800,
      pendingAmount: null,
    });
    clock.ms += 2 * DAY_MS;
    expect((await list(accessToken, clocked))[0]?.amount).toBe(800);
  });

  it('removes a limit only after the cooling-off; a new one may then be set', async () => {
    clock.ms = Date.parse('2030-03-01T10:00:00Z');
    const { accessToken } = await register(t);
    const limit = await create(
      accessToken,
      { type: 'purchase', period: 'month', amount: 1000 },
      clocked,
    );
    const res = await remove(accessToken, limit.limitId, clocked);
    expect(res.statusCode).toBe(200);
    expect(playerLimitSchema.parse(res.json())).toMatchObject({
      amount: 1000,
      removesAt: '2030-03-02T10:00:00.000Z',
    });

    clock.ms += DAY_MS - 1;
    expect(await list(accessToken, clocked)).toHaveLength(1);
    const again = await call(
      'POST',
      '/api/player/limits',
      accessToken,
      { type: 'purchase', period: 'month', amount: 10 },
      clocked,
    );
    expect(again.statusCode).toBe(409);

    clock.ms += 1;
    expect(await list(accessToken, clocked)).toEqual([]);
    expect(
      (await put(accessToken, limit.limitId, { period: 'month', amount: 1 }, clocked)).statusCode,
    ).toBe(404);
    await create(accessToken, { type: 'purchase', period: 'month', amount: 10 }, clocked);
  });
});
