import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PlayerStatus, redeemLimitsSchema } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf } from './player-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { newKey } from '../payment/payment-fixtures.ts';

/**
 * Player status Limited (2), decision 033: signed in and playing on what they hold, but no money
 * in (bundle purchases, deposits) and none out (redemptions, withdrawals).
 */
let t: TestApp;
let f: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  f = rgsFixtures(t);
});
afterAll(() => t.close());

const limit = (playerId: string) =>
  t.database.db
    .update(players)
    .set({ status: PlayerStatus.Limited })
    .where(eq(players.id, playerId));

describe('a Limited player', () => {
  it('plays a round, and is refused purchases, deposits, redemptions and withdrawals', async () => {
    const p = await f.scPlayer(50_000);
    await limit(p.playerId);

    // Still signed in: their own data answers.
    expect((await f.call('GET', '/api/wallet/accounts', bearer(p.token))).statusCode).toBe(200);

    // Play: a dice round in SC goes through.
    const session = await f.launch(p, 'dice');
    await f.open(session);
    const round = await f.startRaw(session, { bet: 1_000, params: { target: 50 } });
    expect(round.statusCode, round.body).toBe(200);

    const refused = async (url: string, payload: object) => {
      const res = await f.call(
        'POST',
        url,
        { ...bearer(p.token), 'idempotency-key': newKey() },
        payload,
      );
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(errorOf(res).code).toBe('ACCOUNT_LIMITED');
    };
    await refused('/api/shop/purchases', { bundleId: 1 });
    await refused('/api/payment/invoices/deposit', {
      amount: 100_000,
      currency: 'BTC',
      paymentMethodId: 'crypto:BTC',
    });
    await refused('/api/payment/invoices/virtual-payout', {
      amount: 10_000,
      currency: 'SC',
      paymentMethodId: 'bank',
    });

    // The redeem check says so before the player tries.
    const limits = await f.call(
      'GET',
      `/api/redeem-limits?userId=${p.playerId}&amount=10000`,
      bearer(p.token),
    );
    expect(limits.statusCode, limits.body).toBe(200);
    expect(redeemLimitsSchema.parse(limits.json()).refusals).toContain('blocked');
  });
});
