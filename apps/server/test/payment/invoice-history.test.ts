import { randomUUID } from 'node:crypto';
import {
  InvoiceStatus,
  InvoiceType,
  invoiceListSchema,
  invoiceSchema,
  invoiceStatisticsSchema,
} from '@coinfall/shared';
import { invoices } from '../../src/db/schema/index.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { redemptionFixtures, type TestPlayer } from '../redemption/redemption-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof redemptionFixtures>;
let p: TestPlayer;
const ids: Record<string, string> = {};

/** A settled deposit or purchase as the payments branch will write it (processed at `at`). */
const settledInvoice = (
  type: number,
  amount: number,
  currency: string,
  amountBase: number,
  at: string,
) =>
  f.db
    .insert(invoices)
    .values({
      playerId: p.playerId,
      type,
      status: InvoiceStatus.Success,
      amount,
      currency,
      amountBase,
      provider: 'sandbox',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      processedAt: new Date(at),
    })
    .returning({ id: invoices.id });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  f = redemptionFixtures(t);
  p = await f.player({ currencies: ['SC', 'USD'] });
  await settledInvoice(InvoiceType.Deposit, 5_000, 'USD', 5_000, '2026-01-02T10:00:00Z');
  await settledInvoice(InvoiceType.Deposit, 100_000, 'BTC', 9_725, '2026-01-03T10:00:00Z');
  await settledInvoice(InvoiceType.Purchase, 1_999, 'USD', 1_999, '2026-01-05T10:00:00Z');
  await settledInvoice(InvoiceType.Purchase, 999, 'USD', 999, '2026-01-04T10:00:00Z');
  // Payouts through the real flow: two paid, one rejected, one declined, one still pending.
  await f.creditWinnings(p, 55_000);
  await f.creditWinnings(p, 40_000, 'USD');
  const payout = async (
    amount: number,
    outcome: 'success' | 'rejected' | 'decline' | null,
    currency = 'SC',
  ) => {
    const invoice = f.invoiceOf(await f.redeem(p, amount, randomUUID(), { currency }));
    if (outcome === 'decline') {
      await f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, p.token);
    } else if (outcome) {
      f.invoiceOf(await f.settle(invoice.id, outcome));
    }
    return invoice.id;
  };
  ids.paid1 = await payout(20_000, 'success');
  ids.paid2 = await payout(10_000, 'success');
  ids.rejected = await payout(12_000, 'rejected');
  ids.declined = await payout(11_000, 'decline');
  ids.usd = await payout(15_000, 'success', 'USD');
  ids.pending = await payout(10_000, null);
});
afterAll(() => t.close());

const list = async (query: string, token = p.token) => {
  const res = await f.call('GET', `/api/payment/invoices${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return invoiceListSchema.parse(res.json());
};

describe('GET /api/payment/invoices', () => {
  it('lists the player’s invoices newest first with page metadata', async () => {
    const page = await list('?perPage=4');
    expect(page.meta).toEqual({ page: 1, perPage: 4, totalPages: 3, totalRows: 10 });
    expect(page.data.map((i) => i.id)).toEqual([ids.pending, ids.usd, ids.declined, ids.rejected]);
    const last = await list('?perPage=4&page=3');
    expect(last.data.map((i) => i.type)).toEqual([InvoiceType.Deposit, InvoiceType.Deposit]);
  });

  it('filters by type and status, plain or in bracket format', async () => {
    const payouts = await list('?type[]=4&status[]=2');
    expect(payouts.data.map((i) => i.id)).toEqual([ids.paid2, ids.paid1]);
    const rejected = await list('?type=2,4&status=3');
    expect(rejected.data.map((i) => [i.id, i.failureCode])).toEqual([
      [ids.declined, 'declined_by_player'],
      [ids.rejected, 'rejected'],
    ]);
    expect((await list('?type=2')).data.map((i) => i.id)).toEqual([ids.usd]);
  });
});

describe('GET /api/payment/invoices/:id', () => {
  const one = (id: string, token?: string) => f.call('GET', `/api/payment/invoices/${id}`, token);

  it('answers the player’s own invoice as the list shows it', async () => {
    const all = await list('?perPage=100');
    for (const listed of all.data) {
      const res = await one(listed.id, p.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(invoiceSchema.parse(res.json())).toEqual(listed);
    }
    const rejected = invoiceSchema.parse((await one(ids.rejected!, p.token)).json());
    expect(rejected).toMatchObject({
      id: ids.rejected,
      type: InvoiceType.VirtualPayout,
      status: InvoiceStatus.Rejected,
      amount: 12_000,
      currency: 'SC',
      failureCode: 'rejected',
    });
    expect(rejected.processedAt).not.toBeNull();
  });

  it('answers 404 for another player’s invoice and for an unknown id', async () => {
    const other = await f.player();
    for (const id of [ids.pending!, randomUUID()]) {
      const res = await one(id, other.token);
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
    expect((await one(ids.pending!, p.token)).statusCode).toBe(200);
  });

  it('answers 400 naming params.id for an id that is not a UUID', async () => {
    const res = await one('not-a-uuid', p.token);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['params.id']);
  });

  it('answers 401 without a session', async () => {
    expect((await one(ids.pending!)).statusCode).toBe(401);
  });

  it('is documented with a tag, security and the invoice as its 200 answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const spec = res.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
    const op = spec.paths['/api/payment/invoices/{id}']?.get;
    expect(op).toMatchObject({ tags: ['payment'], security: [{ bearerAuth: [] }] });
    expect(op?.responses).toHaveProperty('200');
  });

  it('is not confused with /invoices/statistics', async () => {
    const res = await one('statistics', p.token);
    expect(res.statusCode).toBe(200);
    expect(invoiceStatisticsSchema.safeParse(res.json()).success).toBe(true);
  });
});

describe('GET /api/payment/invoices/statistics', () => {
  it('counts and sums successful invoices per kind, with the last one of each', async () => {
    const res = await f.call('GET', '/api/payment/invoices/statistics', p.token);
    expect(res.statusCode, res.body).toBe(200);
    const stats = invoiceStatisticsSchema.parse(res.json());
    expect(stats.currency).toBe('USD');
    expect(stats.deposits).toEqual({
      count: 2,
      sums: [
        { currency: 'BTC', amount: 100_000 },
        { currency: 'USD', amount: 5_000 },
      ],
      sumBase: '147.25',
      last: {
        amount: 100_000,
        currency: 'BTC',
        amountBase: '97.25',
        processedAt: '2026-01-03T10:00:00.000Z',
      },
    });
    expect(stats.purchases).toMatchObject({
      count: 2,
      sums: [{ currency: 'USD', amount: 2_998 }],
      sumBase: '29.98',
      last: { amount: 1_999, amountBase: '19.99' },
    });
    expect(stats.withdrawals).toMatchObject({
      count: 1,
      sums: [{ currency: 'USD', amount: 15_000 }],
      sumBase: '150.00',
      last: { amount: 15_000, currency: 'USD' },
    });
    expect(stats.virtualPayouts).toMatchObject({
      count: 2,
      sums: [{ currency: 'SC', amount: 30_000 }],
      sumBase: '300.00',
      last: { amount: 10_000, currency: 'SC', amountBase: '100.00' },
    });
  });

  it('answers zeros and no last invoice for a player without any', async () => {
    const other = await f.player();
    const stats = invoiceStatisticsSchema.parse(
      (await f.call('GET', '/api/payment/invoices/statistics', other.token)).json(),
    );
    expect(stats.deposits).toEqual({ count: 0, sums: [], sumBase: '0.00', last: null });
  });
});

describe('ledger invariants', () => {
  it('L3: 0 violating rows after the invoice history suite', async () => {
    await f.expectLedgerInvariants();
  });
});
