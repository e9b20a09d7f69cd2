import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BonusStatus,
  InvoiceStatus,
  REDEEM_MIN_AMOUNT,
  bonusCodeListSchema,
  playerBonusListSchema,
  redeemLimitsSchema,
} from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { errorOf } from '../player/player-fixtures.ts';
import {
  balanceOf,
  call,
  claimCode,
  expectLedgerSound,
  newPlayer,
} from '../bonus/bonus-fixtures.ts';
import {
  CARDS,
  bundleByIdentity,
  invoiceOf,
  payPurchase,
  saveCard,
  startPurchase,
} from '../payment/payment-fixtures.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';

/**
 * Decision 046: the jurisdiction table's purchase-bonus and redemption flags at their doors.
 * Washington (seeded) refuses both; Texas has no rule of its own (the US row allows everything).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Bonus balances here are exact: the first-purchase quest's coins would land in them.
  await withoutQuests(t);
});
afterAll(() => t?.close());

const placeIn = (playerId: string, region: string) =>
  t.database.db.update(players).set({ country: 'US', region }).where(eq(players.id, playerId));

const refusalOf = (res: Awaited<ReturnType<typeof call>>) => ({
  status: res.statusCode,
  ...(errorOf(res) as { code: string; details?: Record<string, unknown> }),
});

const openBonuses = async (token: string) =>
  playerBonusListSchema
    .parse((await call(t, 'GET', '/api/game/player-bonuses?status=1,2', token)).json())
    .data.map((b) => [b.bonusSlug, b.status]);

const pendingCodes = async (token: string) =>
  bonusCodeListSchema
    .parse((await call(t, 'GET', '/api/game/bonuses/bonuscodes', token)).json())
    .data.map((c) => [c.bonusCode, c.state]);

describe('the purchase-bonus door', () => {
  it('refuses a bonus code, an activation and the daily bonus in Washington; allows them in Texas', async () => {
    const { token, playerId } = await newPlayer(t);
    const [welcome] = playerBonusListSchema.parse(
      (await call(t, 'GET', '/api/game/player-bonuses', token)).json(),
    ).data;
    await placeIn(playerId, 'WA');

    const code = refusalOf(await claimCode(t, token, 'HOLIDAY2026', 3));
    expect(code).toMatchObject({
      status: 403,
      code: 'PURCHASE_BONUS_NOT_ALLOWED',
      details: { country: 'US', region: 'WA', source: 'profile' },
    });
    const daily = await call(t, 'POST', '/api/game/bonuses/daily', token, undefined, randomUUID());
    expect(refusalOf(daily)).toMatchObject({ status: 403, code: 'PURCHASE_BONUS_NOT_ALLOWED' });
    // The door stands before the bonus's own rules: the active welcome answers 403, not 409.
    const activate = `/api/game/player-bonuses/${welcome!.id}/activate`;
    expect(refusalOf(await call(t, 'PUT', activate, token))).toMatchObject({
      status: 403,
      code: 'PURCHASE_BONUS_NOT_ALLOWED',
    });
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(0);

    await placeIn(playerId, 'TX');
    expect((await claimCode(t, token, 'HOLIDAY2026', 3)).statusCode).toBe(200);
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(100);
    const claimed = await call(
      t,
      'POST',
      '/api/game/bonuses/daily',
      token,
      undefined,
      randomUUID(),
    );
    expect(claimed.statusCode, claimed.body).toBe(200);
    // Past the door, the lifecycle's own answer: the welcome is active already.
    expect(refusalOf(await call(t, 'PUT', activate, token)).code).toBe('CONFLICT');
    await expectLedgerSound(t);
  });

  it('completes a purchase in Washington without its bonuses; the pending code waits for Texas', async () => {
    const { token, playerId } = await newPlayer(t);
    expect((await claimCode(t, token, 'COINS50', 2)).statusCode).toBe(200);
    const card = await saveCard(t, token, CARDS.instant);
    const starter = await bundleByIdentity(t, 'starter');
    await placeIn(playerId, 'WA');

    const first = invoiceOf(await payPurchase(t, token, (await startPurchase(t, token)).id, card));
    expect(first.status).toBe(InvoiceStatus.Success);
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(0);
    expect(await openBonuses(token)).toEqual([]);
    expect(await pendingCodes(token)).toEqual([['COINS50', 'pending']]);

    await placeIn(playerId, 'TX');
    invoiceOf(await payPurchase(t, token, (await startPurchase(t, token)).id, card));
    expect(await openBonuses(token)).toEqual([
      ['coins50-match', BonusStatus.Issued],
      ['first-purchase-match', BonusStatus.Active],
    ]);
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(starter.goldCoins);
    expect(await pendingCodes(token)).toEqual([['COINS50', 'applied']]);
    await expectLedgerSound(t);
  });
});

describe('the redemption door', () => {
  const redeem = (token: string) =>
    call(
      t,
      'POST',
      '/api/payment/invoices/virtual-payout',
      token,
      { amount: REDEEM_MIN_AMOUNT, currency: 'SC', paymentMethodId: 'bank' },
      randomUUID(),
    );

  const previewRefusals = async (p: { token: string; playerId: string }) => {
    const res = await call(
      t,
      'GET',
      `/api/redeem-limits?userId=${p.playerId}&amount=${REDEEM_MIN_AMOUNT}`,
      p.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return redeemLimitsSchema.parse(res.json()).refusals;
  };

  const putRule = async (region: string, windDownUntil: Date) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/protection/jurisdictions',
      headers: operatorHeaders(),
      payload: {
        country: 'US',
        region,
        sweepsPlay: false,
        purchaseBonuses: false,
        redemptions: false,
        effectiveFrom: '2026-01-01T00:00:00.000Z',
        redemptionWindDownUntil: windDownUntil.toISOString(),
        note: 'test wind-down',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses an SC redemption in Washington with REDEMPTION_NOT_ALLOWED; allows it in Texas', async () => {
    const f = redemptionFixtures(t);
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    await placeIn(p.playerId, 'WA');
    const held = await balanceOf(t, p.playerId, 'SC', 'player');
    expect(refusalOf(await redeem(p.token))).toMatchObject({
      status: 403,
      code: 'REDEMPTION_NOT_ALLOWED',
      details: { country: 'US', region: 'WA' },
    });
    expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(held);
    // The limits preview says so before the request.
    expect(await previewRefusals(p)).toEqual(['not_allowed_here']);

    await placeIn(p.playerId, 'TX');
    expect(await previewRefusals(p)).toEqual([]);
    const accepted = await redeem(p.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('allows redemptions through a wind-down window where play has stopped, and refuses after it', async () => {
    const f = redemptionFixtures(t);
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    await placeIn(p.playerId, 'VT');
    await putRule('VT', new Date(Date.now() + 30 * 86_400_000));

    const standing = await call(t, 'GET', '/api/player/protection/jurisdiction', p.token);
    expect(standing.json()).toMatchObject({ sweepsPlay: false, redemptions: true });
    const during = await redeem(p.token);
    expect(during.statusCode, during.body).toBe(200);

    // The same rule, its window closed: the operator's put replaces it.
    await putRule('VT', new Date(Date.now() - 60_000));
    expect(refusalOf(await redeem(p.token))).toMatchObject({
      status: 403,
      code: 'REDEMPTION_NOT_ALLOWED',
      details: { region: 'VT' },
    });
  });
});
