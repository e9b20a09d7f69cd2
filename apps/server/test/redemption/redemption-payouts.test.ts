import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  InvoiceStatus,
  InvoiceType,
  redeemableSchema,
  redeemLimitsSchema,
  segmentListSchema,
  w9StatusSchema,
  withdrawalMethodListSchema,
} from '@coinfall/shared';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
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

const W9 = {
  legalName: 'Ada Lovelace',
  tin: '123-45-6789',
  address: '1 Main Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  certify: true,
};

const redeemable = async (p: TestPlayer) => {
  const res = await f.call('GET', '/api/wallet/redeemable', p.token);
  expect(res.statusCode, res.body).toBe(200);
  return redeemableSchema.parse(res.json());
};

const outboxTypes = async (playerId: string) =>
  (
    await f.rowsOf<{ type: string }>(
      sql`select type from domain_events where player_id = ${playerId} order by id`,
    )
  ).map((r) => r.type);

describe('POST /api/payment/invoices/virtual-payout (SC redemption)', () => {
  it.each([
    ['kyc', { kyc: false }],
    ['email', { email: false }],
    ['phone', { phone: false }],
  ])('refuses a player without %s, naming what is missing', async (missing, options) => {
    const p = await f.player(options);
    await f.creditWinnings(p, 50_000);
    const res = await f.redeem(p, 10_000);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      details: { missing: [missing] },
    });
    expect(await f.balanceOf(p)).toBe(50_000);
  });

  it('names every missing step at once', async () => {
    const p = await f.player({ kyc: false, email: false, phone: false });
    const res = await f.redeem(p, 10_000);
    expect(errorOf(res).details).toMatchObject({ missing: ['kyc', 'email', 'phone'] });
  });

  it('holds the funds of a verified player at once: balance down, clearing up, invoice pending', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    const clearing = await f.clearingBalance();
    const invoice = f.invoiceOf(await f.redeem(p, 20_000));
    expect(invoice).toMatchObject({
      type: InvoiceType.VirtualPayout,
      status: InvoiceStatus.Pending,
      amount: 20_000,
      currency: 'SC',
      processedAt: null,
      paymentMethod: { id: 'bank', type: 'bank' },
    });
    expect(await f.balanceOf(p)).toBe(30_000);
    expect(await f.clearingBalance()).toBe(clearing + 20_000);
    expect(await redeemable(p)).toMatchObject({
      balance: 30_000,
      redeemable: 30_000,
      held: 20_000,
    });
    expect(await outboxTypes(p.playerId)).toContain('invoice.withdrawal.updated');
  });

  it('refuses below the minimum and over the method maximum, naming body.amount', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    for (const amount of [9_999, 500_001]) {
      const res = await f.redeem(p, amount);
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual(['body.amount']);
    }
  });

  it('refuses more than is redeemable with INSUFFICIENT_FUNDS, moving nothing', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 15_000);
    const res = await f.redeem(p, 20_000);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { redeemable: 15_000 },
    });
    expect(await f.balanceOf(p)).toBe(15_000);
  });

  it('refuses an unknown method or a currency the method cannot pay', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    expect(
      failedFields(await f.redeem(p, 10_000, randomUUID(), { paymentMethodId: 'cash' })),
    ).toEqual(['body.paymentMethodId']);
    expect(
      failedFields(await f.redeem(p, 10_000, randomUUID(), { paymentMethodId: 'crypto:BTC' })),
    ).toEqual(['body.currency']);
  });

  it('keeps to the daily limit (5,000 SC per 24 h)', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 700_000);
    expect((await f.call('POST', '/api/player/w9', p.token, W9)).statusCode).toBe(200);
    f.invoiceOf(await f.redeem(p, 300_000));
    f.invoiceOf(await f.redeem(p, 150_000));
    const res = await f.redeem(p, 60_000);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { dailyLimit: 500_000, dailyRemaining: 50_000 },
    });
    f.invoiceOf(await f.redeem(p, 50_000));
  });
});

describe('playthrough', () => {
  it('locks an unplayed credit until it is wagered 1x, oldest first', async () => {
    const p = await f.player();
    await f.creditBonus(p, 10_000);
    expect(await redeemable(p)).toMatchObject({ balance: 10_000, redeemable: 0, locked: 10_000 });
    expect((await f.redeem(p, 10_000)).statusCode).toBe(409);

    expect(await f.playRound(p, 6_000, 6_000)).toEqual({ redeemable: 0, locked: 4_000 });
    const partly = await redeemable(p);
    expect(partly).toMatchObject({ balance: 10_000, redeemable: 6_000, locked: 4_000 });
    expect(partly.credits).toMatchObject([{ amount: 10_000, wagered: 6_000, remaining: 4_000 }]);

    await f.playRound(p, 4_000, 4_000);
    const done = await redeemable(p);
    expect(done).toMatchObject({ balance: 10_000, redeemable: 10_000, locked: 0 });
    expect(done.credits).toMatchObject([{ wagered: 10_000, remaining: 0 }]);
    expect(done.credits[0]?.completedAt).not.toBeNull();
    f.invoiceOf(await f.redeem(p, 10_000));
  });

  it('forfeits open credits when a bet empties the balance; later winnings are redeemable', async () => {
    const p = await f.player();
    await f.creditBonus(p, 10_000);
    await f.creditBonus(p, 5_000);
    await f.playRound(p, 15_000, 0);
    expect(await redeemable(p)).toMatchObject({ balance: 0, redeemable: 0, locked: 0 });
    await f.creditWinnings(p, 20_000);
    expect(await redeemable(p)).toMatchObject({ balance: 20_000, redeemable: 20_000, locked: 0 });
  });
});

describe('decline and settlement', () => {
  async function pending(amount = 20_000) {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    return { p, invoice: f.invoiceOf(await f.redeem(p, amount)) };
  }

  it('PUT …/decline releases the held funds to the player; a second decline changes nothing', async () => {
    const { p, invoice } = await pending();
    const clearing = await f.clearingBalance();
    const declined = f.invoiceOf(
      await f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, p.token),
    );
    expect(declined).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'declined_by_player',
    });
    expect(declined.processedAt).not.toBeNull();
    expect(await f.balanceOf(p)).toBe(50_000);
    expect(await f.clearingBalance()).toBe(clearing - 20_000);

    const again = await f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, p.token);
    expect(again.statusCode).toBe(409);
    expect((await f.settle(invoice.id, 'success')).statusCode).toBe(409);
    expect(await f.balanceOf(p)).toBe(50_000);
    expect(await f.clearingBalance()).toBe(clearing - 20_000);
  });

  it('settle success pays the held money out; a repeat changes nothing', async () => {
    const { p, invoice } = await pending();
    const clearing = await f.clearingBalance();
    const paid = f.invoiceOf(await f.settle(invoice.id, 'success'));
    expect(paid.status).toBe(InvoiceStatus.Success);
    expect(paid.processedAt).not.toBeNull();
    expect(await f.clearingBalance()).toBe(clearing - 20_000);
    expect(await f.balanceOf(p)).toBe(30_000);

    expect(f.invoiceOf(await f.settle(invoice.id, 'success'))).toEqual(paid);
    expect((await f.settle(invoice.id, 'rejected')).statusCode).toBe(409);
    const decline = await f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, p.token);
    expect(decline.statusCode).toBe(409);
    expect(await f.clearingBalance()).toBe(clearing - 20_000);
    expect(await f.balanceOf(p)).toBe(30_000);
  });

  it('settle rejected releases the money with the reason; a repeat changes nothing', async () => {
    const { p, invoice } = await pending();
    const rejected = f.invoiceOf(await f.settle(invoice.id, 'rejected', 'bank_account_closed'));
    expect(rejected).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'bank_account_closed',
    });
    expect(await f.balanceOf(p)).toBe(50_000);
    expect(f.invoiceOf(await f.settle(invoice.id, 'rejected'))).toEqual(rejected);
    expect((await f.settle(invoice.id, 'success')).statusCode).toBe(409);
    expect(await f.balanceOf(p)).toBe(50_000);
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await f.settle(randomUUID(), 'success')).statusCode).toBe(404);
  });
});

describe('USD and crypto withdrawals', () => {
  it('holds a USD withdrawal as type 2 from the USD account', async () => {
    const p = await f.player({ currencies: ['SC', 'USD'] });
    await f.creditWinnings(p, 40_000, 'USD');
    const invoice = f.invoiceOf(await f.redeem(p, 15_000, randomUUID(), { currency: 'USD' }));
    expect(invoice).toMatchObject({
      type: InvoiceType.Withdrawal,
      currency: 'USD',
      amount: 15_000,
    });
    expect(await f.balanceOf(p, 'USD')).toBe(25_000);
    f.invoiceOf(await f.settle(invoice.id, 'rejected'));
    expect(await f.balanceOf(p, 'USD')).toBe(40_000);
  });

  it('refuses a BTC withdrawal below the method minimum naming body.amount', async () => {
    const p = await f.player({ currencies: ['BTC'] });
    const res = await f.redeem(p, 1_000, randomUUID(), {
      currency: 'BTC',
      paymentMethodId: 'crypto:BTC',
    });
    expect(failedFields(res)).toEqual(['body.amount']);
  });
});

describe('W-9', () => {
  it('is required once the year’s payouts pass the threshold; accepted after POST /api/player/w9', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 200_000);
    f.invoiceOf(await f.redeem(p, 50_000));
    const refused = await f.redeem(p, 20_000);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('W9_REQUIRED');
    expect(await f.balanceOf(p)).toBe(150_000);

    const status = w9StatusSchema.parse((await f.call('GET', '/api/player/w9', p.token)).json());
    expect(status).toEqual({
      w9Required: true,
      w9Received: false,
      receivedAt: null,
      tinLast4: null,
    });
    const profile = await f.call('GET', '/api/player/profile', p.token);
    expect(profile.json<{ segmentIds: number[] }>().segmentIds).toContain(3);

    const filed = await f.call('POST', '/api/player/w9', p.token, W9);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(w9StatusSchema.parse(filed.json())).toMatchObject({
      w9Required: true,
      w9Received: true,
      tinLast4: '6789',
    });
    const after = await f.call('GET', '/api/player/profile', p.token);
    expect(after.json<{ segmentIds: number[] }>().segmentIds).toEqual(
      expect.arrayContaining([3, 4]),
    );
    f.invoiceOf(await f.redeem(p, 20_000));
  });

  it('is required for a member of the w9Required segment whatever the amount', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 20_000);
    await f.db.execute(sql`update players set segment_ids = '{3}' where id = ${p.playerId}`);
    expect(errorOf(await f.redeem(p, 10_000)).code).toBe('W9_REQUIRED');
  });

  it('never stores the raw TIN', async () => {
    const p = await f.player();
    await f.call('POST', '/api/player/w9', p.token, { ...W9, tin: '98-7654321' });
    const [row] = await f.rowsOf<Record<string, string>>(
      sql`select * from w9_forms where player_id = ${p.playerId}`,
    );
    expect(row?.tin_last4).toBe('4321');
    expect(row?.tin_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('987654321');
  });

  it('answers 400 naming the field for a malformed TIN or no certification', async () => {
    const p = await f.player();
    const res = await f.call('POST', '/api/player/w9', p.token, {
      ...W9,
      tin: '12',
      certify: false,
    });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res).sort()).toEqual(['body.certify', 'body.tin']);
  });
});

describe('GET /api/redeem-limits', () => {
  it('answers allowed with the figures, and every refusal without side effects', async () => {
    const p = await f.player({ phone: false });
    await f.creditBonus(p, 10_000);
    await f.creditWinnings(p, 30_000);
    const res = await f.call(
      'GET',
      `/api/redeem-limits?userId=${p.playerId}&amount=40000`,
      p.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(redeemLimitsSchema.parse(res.json())).toEqual({
      currency: 'SC',
      amount: 40_000,
      minAmount: 10_000,
      maxAmount: 30_000,
      dailyLimit: 500_000,
      dailyRemaining: 500_000,
      w9Required: false,
      w9Received: false,
      allowed: false,
      refusals: ['verification_required', 'above_redeemable'],
    });
    const over = await f.call(
      'GET',
      `/api/redeem-limits?userId=${p.playerId}&amount=70000`,
      p.token,
    );
    expect(redeemLimitsSchema.parse(over.json()).refusals).toContain('w9_required');
    const profile = await f.call('GET', '/api/player/profile', p.token);
    expect(profile.json<{ segmentIds: number[] }>().segmentIds).toEqual([]);
  });

  it('allows a redeemable amount for a verified player', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 30_000);
    const res = await f.call(
      'GET',
      `/api/redeem-limits?userId=${p.playerId}&amount=20000`,
      p.token,
    );
    expect(redeemLimitsSchema.parse(res.json())).toMatchObject({ allowed: true, refusals: [] });
  });
});

describe('reference routes', () => {
  it('GET /api/payment/methods/withdrawal lists bank and crypto methods with limits', async () => {
    const p = await f.player();
    const res = await f.call('GET', '/api/payment/methods/withdrawal', p.token);
    const { data } = withdrawalMethodListSchema.parse(res.json());
    expect(data.map((m) => [m.id, m.currencies, m.fields])).toEqual([
      ['bank', ['USD', 'SC'], []],
      ['crypto:BTC', ['BTC'], []],
      ['crypto:ETH', ['ETH'], []],
    ]);
  });

  it('GET /api/segments is public and lists the seeded segments', async () => {
    const res = await f.call('GET', '/api/segments');
    expect(res.statusCode).toBe(200);
    expect(segmentListSchema.parse(res.json()).data.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('ledger invariants', () => {
  it('L3: 0 violating rows after the redemption suite', async () => {
    await f.expectLedgerInvariants();
  });
});

describe('sandbox off', () => {
  it.each([
    [`/api/dev/payouts/${randomUUID()}/settle`, { outcome: 'success' }],
    [
      `/api/dev/players/${randomUUID()}/sweeps-credit`,
      { amount: 100, playedThrough: true, requestKey: `off-${randomUUID()}` },
    ],
  ])('does not register POST %s', async (url, payload) => {
    const off = await createTestApp({
      RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
      SANDBOX: 'off',
    });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url,
        headers: operatorHeaders(),
        payload,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
