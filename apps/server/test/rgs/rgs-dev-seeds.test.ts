import { createHash, randomUUID } from 'node:crypto';
import { engineOf } from '@coinfall/shared/games/index';
import { hmacFloats } from '@coinfall/shared/games/testing/hmac-floats';
import { bearer } from '../player/player-fixtures.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { rgsFixtures } from './rgs-fixtures.ts';

// POST /api/dev/players/{id}/fairness/seeds (decision 032): the sandbox operator chooses a
// player's next seed pair, so a browser test can play an outcome it computed. Never a player's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

const SERVER_SEED = '5e'.repeat(32);
const url = (playerId: string) => `/api/dev/players/${playerId}/fairness/seeds`;
const choose = (playerId: string, headers: Record<string, string>, clientSeed = 'chosen-1') =>
  t.app.inject({
    method: 'POST',
    url: url(playerId),
    headers,
    payload: { serverSeed: SERVER_SEED, clientSeed },
  });

describe('choosing the seeds (sandbox only)', () => {
  it('commits to the chosen pair, and the next round plays exactly what they give', async () => {
    const rgs = rgsFixtures(t);
    const player = await rgs.scPlayer(10_000);
    const res = await choose(player.playerId, operatorHeaders());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      serverSeedHash: createHash('sha256').update(SERVER_SEED).digest('hex'),
      clientSeed: 'chosen-1',
      nonce: 0,
    });
    const token = await rgs.launch(player, 'dice');
    const params = { target: 50.5, direction: 'over' };
    const answer = rgs.answerOf(await rgs.startRaw(token, { bet: 100, params }));
    const expected = engineOf('dice')!.start(hmacFloats(SERVER_SEED, 'chosen-1', 0), 100, params);
    expect(answer.round.view).toEqual(expected.view);
    expect(answer.round.payout).toBe(expected.payout);
  });

  it('is refused to a player, even for themself, and is a 404 for an unknown player', async () => {
    const player = await rgsFixtures(t).scPlayer(0);
    const own = await choose(player.playerId, bearer(player.token));
    expect(own.statusCode).toBe(401);
    expect((await choose(randomUUID(), operatorHeaders())).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: url(player.playerId),
      headers: operatorHeaders(),
      payload: { serverSeed: 'not-hex', clientSeed: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('does not exist without SANDBOX', async () => {
    const off = await createTestApp({ SANDBOX: 'off' });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: url(randomUUID()),
        headers: operatorHeaders(),
        payload: { serverSeed: SERVER_SEED, clientSeed: 'chosen' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
