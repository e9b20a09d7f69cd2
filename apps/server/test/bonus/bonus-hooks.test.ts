import { randomUUID } from 'node:crypto';
import {
  BonusStatus,
  InvoiceStatus,
  REDEEM_MIN_AMOUNT,
  bonusCodeListSchema,
  playerBonusListSchema,
  WELCOME_COINS,
} from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorOf } from '../player/player-fixtures.ts';
import {
  CARDS,
  balances,
  bundleByIdentity,
  invoiceOf,
  payPurchase,
  saveCard,
  startPurchase,
} from '../payment/payment-fixtures.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import {
  balanceOf,
  call,
  claimCode,
  expectLedgerSound,
  newPlayer,
  promotions,
} from './bonus-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Balances here are exact: the first-purchase quest's coins would land in them (decision 028).
  await withoutQuests(t);
});
afterAll(() => t.close());

const openBonuses = async (token: string) =>
  playerBonusListSchema
    .parse((await call(t, 'GET', '/api/game/player-bonuses?status=1,2', token)).json())
    .data.map((b) => [b.bonusSlug, b.status, b.amount]);

describe('a purchase’s success', () => {
  it('grants the first-purchase match once and applies a pending purchase code, in the settlement', async () => {
    const { token, playerId } = await newPlayer(t);
    expect((await claimCode(t, token, 'COINS50', 2)).statusCode).toBe(200);
    const card = await saveCard(t, token, CARDS.instant);
    const starter = await bundleByIdentity(t, 'starter');

    const first = invoiceOf(await payPurchase(t, token, (await startPurchase(t, token)).id, card));
    expect(first.status).toBe(InvoiceStatus.Success);
    // The coins bought are cash; the match is bonus money, active; the code's match waits behind it.
    expect(await balances(t, token)).toEqual({
      GC: WELCOME_COINS.GC + starter.goldCoins,
      SC: WELCOME_COINS.SC + starter.sweepsCoins,
    });
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(starter.goldCoins);
    expect(await openBonuses(token)).toEqual([
      ['coins50-match', BonusStatus.Issued, starter.goldCoins / 2],
      ['first-purchase-match', BonusStatus.Active, starter.goldCoins],
    ]);
    const codes = bonusCodeListSchema.parse(
      (await call(t, 'GET', '/api/game/bonuses/bonuscodes', token)).json(),
    );
    expect(codes.data).toMatchObject([{ bonusCode: 'COINS50', state: 'applied' }]);

    // A second purchase matches nothing more: the match is once per player, the code was used.
    invoiceOf(await payPurchase(t, token, (await startPurchase(t, token)).id, card));
    expect((await openBonuses(token)).length).toBe(2);
    await expectLedgerSound(t);
  });
});

describe('a Sweeps Coins redemption request', () => {
  it('is refused while SC bonuses are open, and with forfeitBonuses cancels them first', async () => {
    const f = redemptionFixtures(t);
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    expect((await claimCode(t, p.token, 'HOLIDAY2026', 3)).statusCode).toBe(200);
    expect(await balanceOf(t, p.playerId, 'SC', 'bonus')).toBe(100);
    const body = { amount: REDEEM_MIN_AMOUNT, currency: 'SC', paymentMethodId: 'bank' };
    const url = '/api/payment/invoices/virtual-payout';

    const refused = await call(t, 'POST', url, p.token, body, randomUUID());
    expect(refused.statusCode).toBe(409);
    const [scBonus] = playerBonusListSchema
      .parse((await call(t, 'GET', '/api/game/player-bonuses?status=2', p.token)).json())
      .data.filter((b) => b.currency === 'SC');
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      details: { activeBonuses: [scBonus!.id] },
    });

    const promotionsSc = await promotions(t, 'SC');
    const accepted = await call(
      t,
      'POST',
      url,
      p.token,
      { ...body, forfeitBonuses: true },
      randomUUID(),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await balanceOf(t, p.playerId, 'SC', 'bonus')).toBe(0);
    expect(await promotions(t, 'SC')).toBe(promotionsSc + 100);
    // The GC bonus of the same code is untouched.
    expect(await balanceOf(t, p.playerId, 'GC', 'bonus')).toBe(500_000);
    await expectLedgerSound(t);
  });

  it('goes ahead as before when no SC bonus is open', async () => {
    const f = redemptionFixtures(t);
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    expect((await f.redeem(p, REDEEM_MIN_AMOUNT)).statusCode).toBe(200);
  });
});
