import { randomUUID } from 'node:crypto';
import { invoiceListSchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import { redemptionFixtures } from './redemption-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

/** S3 access matrix and S5 bad input for the redemption and invoice routes. */
let t: TestApp;
let f: ReturnType<typeof redemptionFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  f = redemptionFixtures(t);
});
afterAll(() => t.close());

const PAYOUT = { amount: 10_000, currency: 'SC', paymentMethodId: 'bank' };
const KEY = { 'idempotency-key': 'a-fixed-key-0001' };

describe('anonymous callers', () => {
  it.each([
    ['GET', '/api/wallet/redeemable'],
    ['GET', `/api/redeem-limits?userId=${randomUUID()}&amount=10000`],
    ['GET', '/api/payment/methods/withdrawal'],
    ['POST', '/api/payment/invoices/virtual-payout'],
    ['PUT', `/api/payment/invoices/${randomUUID()}/decline`],
    ['GET', '/api/payment/invoices'],
    ['GET', '/api/payment/invoices/statistics'],
    ['GET', '/api/player/w9'],
    ['POST', '/api/player/w9'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await f.call(method, url, undefined, method === 'GET' ? undefined : PAYOUT, KEY);
    expect(res.statusCode).toBe(401);
  });
});

describe('player B and player A’s invoices', () => {
  it('B cannot list, read the statistics of, or decline A’s payout', async () => {
    const a = await f.player();
    const b = await f.player();
    await f.creditWinnings(a, 30_000);
    const invoice = f.invoiceOf(await f.redeem(a, 10_000));

    const listB = invoiceListSchema.parse(
      (await f.call('GET', '/api/payment/invoices', b.token)).json(),
    );
    expect(listB.data).toEqual([]);
    const listA = invoiceListSchema.parse(
      (await f.call('GET', '/api/payment/invoices', a.token)).json(),
    );
    expect(listA.data.map((i) => i.id)).toEqual([invoice.id]);

    const stats = await f.call('GET', '/api/payment/invoices/statistics', b.token);
    expect(stats.json<{ virtualPayouts: { count: number } }>().virtualPayouts.count).toBe(0);

    const decline = await f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, b.token);
    expect(decline.statusCode).toBe(404);
    expect(errorOf(decline).code).toBe('NOT_FOUND');
    expect(await f.balanceOf(a)).toBe(20_000);
  });

  it('GET /api/redeem-limits for another userId is 403 FORBIDDEN', async () => {
    const a = await f.player();
    const b = await f.player();
    const res = await f.call(
      'GET',
      `/api/redeem-limits?userId=${a.playerId}&amount=10000`,
      b.token,
    );
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
  });

  it('an Idempotency-Key is the player’s own: B reusing A’s key gets B’s own answer', async () => {
    const a = await f.player();
    const b = await f.player();
    await f.creditWinnings(a, 30_000);
    const key = randomUUID();
    f.invoiceOf(await f.redeem(a, 10_000, key));
    const res = await f.redeem(b, 10_000, key);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('decline of what cannot be declined', () => {
  it('answers 409 for a payout no longer pending, 404 for an unknown id', async () => {
    const a = await f.player();
    await f.creditWinnings(a, 30_000);
    const invoice = f.invoiceOf(await f.redeem(a, 10_000));
    f.invoiceOf(await f.settle(invoice.id, 'success'));
    expect(
      (await f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, a.token)).statusCode,
    ).toBe(409);
    expect(
      (await f.call('PUT', `/api/payment/invoices/${randomUUID()}/decline`, a.token)).statusCode,
    ).toBe(404);
  });
});

describe('bad input answers 400 naming the field', () => {
  it.each([
    ['no Idempotency-Key', PAYOUT, {}, 'headers.idempotency-key'],
    ['a short Idempotency-Key', PAYOUT, { 'idempotency-key': 'abc' }, 'headers.idempotency-key'],
    ['a fractional amount', { ...PAYOUT, amount: 100.5 }, KEY, 'body.amount'],
    ['a negative amount', { ...PAYOUT, amount: -5 }, KEY, 'body.amount'],
    ['a lower-case currency', { ...PAYOUT, currency: 'sc' }, KEY, 'body.currency'],
    ['no method', { amount: 10_000, currency: 'SC' }, KEY, 'body.paymentMethodId'],
  ])('POST virtual-payout with %s', async (_, payload, headers, field) => {
    const p = await f.player();
    const res = await f.call(
      'POST',
      '/api/payment/invoices/virtual-payout',
      p.token,
      payload,
      headers,
    );
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual([field]);
  });

  it.each([
    ['/api/payment/invoices?status=9', 'query.status'],
    ['/api/payment/invoices?type=7', 'query.type'],
    ['/api/payment/invoices?perPage=1000', 'query.perPage'],
    ['/api/payment/invoices?page=0', 'query.page'],
  ])('GET %s', async (url, field) => {
    const p = await f.player();
    const res = await f.call('GET', url, p.token);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual([field]);
  });

  it('GET /api/redeem-limits with a fractional amount or a malformed userId', async () => {
    const p = await f.player();
    const res = await f.call('GET', `/api/redeem-limits?userId=nope&amount=1.5`, p.token);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res).sort()).toEqual(['query.amount', 'query.userId']);
  });

  it('PUT decline with a malformed id', async () => {
    const p = await f.player();
    const res = await f.call('PUT', '/api/payment/invoices/not-a-uuid/decline', p.token);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['params.id']);
  });
});

describe('ledger invariants', () => {
  it('L3: 0 violating rows after the access suite', async () => {
    await f.expectLedgerInvariants();
  });
});
