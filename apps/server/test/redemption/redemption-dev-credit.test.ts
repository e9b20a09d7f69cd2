import { randomUUID } from 'node:crypto';
import { devSweepsCreditSchema, redeemableSchema } from '@coinfall/shared';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { errorOf, register } from '../player/player-fixtures.ts';
import { redemptionFixtures, type TestPlayer } from './redemption-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof redemptionFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  f = redemptionFixtures(t);
});
afterAll(() => t.close());

const credit = (playerId: string, payload: object, headers: Record<string, string> = {}) =>
  f.call('POST', `/api/dev/players/${playerId}/sweeps-credit`, undefined, payload, {
    ...operatorHeaders(),
    ...headers,
  });

const redeemable = async (token: string) => {
  const res = await f.call('GET', '/api/wallet/redeemable', token);
  expect(res.statusCode, res.body).toBe(200);
  return redeemableSchema.parse(res.json());
};

describe('POST /api/dev/players/{id}/sweeps-credit (sandbox)', () => {
  it('credits SC played through already: redeemable at once, and redeemed', async () => {
    const p: TestPlayer = await f.player();
    const res = await credit(p.playerId, {
      amount: 25_000,
      playedThrough: true,
      requestKey: `credit-${randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = devSweepsCreditSchema.parse(res.json());
    expect(body.replayed).toBe(false);
    expect(body.credit).toMatchObject({
      source: 'adjustment',
      amount: 25_000,
      wagered: 25_000,
      remaining: 0,
    });
    expect(body.credit.completedAt).not.toBeNull();

    expect(await redeemable(p.token)).toMatchObject({
      balance: 25_000,
      redeemable: 25_000,
      locked: 0,
    });
    expect(f.invoiceOf(await f.redeem(p, 10_000)).status).toBe(1);
    await f.expectLedgerInvariants();
  });

  it('credits SC still to play through: locked until wagered', async () => {
    const p = await f.player();
    const res = await credit(
      p.playerId,
      { amount: 20_000, playedThrough: false },
      {
        'idempotency-key': `credit-${randomUUID()}`,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await redeemable(p.token)).toMatchObject({
      balance: 20_000,
      redeemable: 0,
      locked: 20_000,
    });
    await f.playRound(p, 20_000, 20_000);
    expect(await redeemable(p.token)).toMatchObject({ balance: 20_000, redeemable: 20_000 });
  });

  it('opens the SC account of a player who has none', async () => {
    const session = await register(t);
    const res = await credit(session.profile.id, {
      amount: 10_000,
      playedThrough: true,
      requestKey: `credit-${randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await redeemable(session.accessToken)).toMatchObject({
      balance: 10_000,
      redeemable: 10_000,
    });
  });

  it('answers the first credit to the same request key, and 409 for another body', async () => {
    const p = await f.player();
    const requestKey = `credit-${randomUUID()}`;
    const first = devSweepsCreditSchema.parse(
      (await credit(p.playerId, { amount: 15_000, playedThrough: true, requestKey })).json(),
    );
    const again = await credit(p.playerId, { amount: 15_000, playedThrough: true, requestKey });
    expect(again.statusCode, again.body).toBe(200);
    expect(devSweepsCreditSchema.parse(again.json())).toEqual({ ...first, replayed: true });
    expect((await redeemable(p.token)).balance).toBe(15_000);

    const other = await credit(p.playerId, { amount: 15_000, playedThrough: false, requestKey });
    expect(other.statusCode).toBe(409);
    expect((await redeemable(p.token)).balance).toBe(15_000);
  });

  it('needs a request key, and answers 404 for an unknown player', async () => {
    const p = await f.player();
    const keyless = await credit(p.playerId, { amount: 10_000, playedThrough: true });
    expect(keyless.statusCode).toBe(400);
    expect(errorOf(keyless).code).toBe('VALIDATION_FAILED');

    const unknown = await credit(randomUUID(), {
      amount: 10_000,
      playedThrough: true,
      requestKey: `credit-${randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
