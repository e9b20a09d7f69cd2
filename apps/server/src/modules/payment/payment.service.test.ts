import { InvoiceStatus, InvoiceType, PlayerStatus, type PaymentMethod } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { InvoiceRow } from '../invoice/invoice.fns.ts';
import type { PlayerLimitRow } from '../player/limits.repo.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentService, type PaymentDeps } from './payment.service.ts';

// Service tier: the purchase limits (R1) with in-memory fakes of the service's Pick<> deps —
// until now only reachable through HTTP on a database (test/payment-deposits.test.ts).

const NOW = new Date('2026-03-10T12:00:00Z');
const PLAYER = '00000000-0000-4000-8000-000000000001';
const actor = { playerId: PLAYER } as Actor;
const CARD: PaymentMethod = {
  id: 'card-1',
  type: 'card',
  name: 'Visa •••• 4242',
  currencies: ['USD'],
  minAmount: 100,
  maxAmount: 1_000_000,
  fields: [],
};

function limitRow(over: Partial<PlayerLimitRow>): PlayerLimitRow {
  return {
    id: 'limit-1',
    playerId: PLAYER,
    type: 'purchase',
    period: 'day',
    currency: 'USD',
    amount: 10_000,
    pendingAmount: null,
    effectiveAt: null,
    removesAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
}

/** A payment service on fakes: `used` is what the limit window holds already (base cents). */
function setup(
  opts: {
    limits?: PlayerLimitRow[];
    used?: number;
    status?: number;
    /** The provider's card payment start (default: succeeded at once). */
    createCardPayment?: PaymentProvider['createCardPayment'];
    cancelPayment?: PaymentProvider['cancelPayment'];
  } = {},
) {
  const invoices = new Map<string, InvoiceRow>();
  const windows: Date[] = [];
  const providerCalls: unknown[] = [];
  const tx = {} as Database;
  const db = { transaction: <T>(work: (t: Database) => Promise<T>) => work(tx) } as Database;
  const payer = { id: PLAYER, email: 'p@example.com', nickname: null, segmentIds: [] };
  const deps: PaymentDeps = {
    repo: {
      db,
      listCurrencies: () =>
        Promise.resolve([
          { code: 'USD', isBase: true, isEnabled: true, subunitToUnit: 100, rate: '1' },
          { code: 'EUR', isBase: false, isEnabled: true, subunitToUnit: 100, rate: '2' },
        ]),
      sumOpenAndPaidSince: (_tx, _playerId, since) => {
        windows.push(since);
        return Promise.resolve(opts.used ?? 0);
      },
      insertInvoice: (_tx, values) => {
        const row = {
          id: `inv-${invoices.size + 1}`,
          providerRef: null,
          failureCode: null,
          nextAction: null,
          ledgerTransactionId: null,
          settlementTransactionId: null,
          purchaseId: null,
          createdAt: NOW,
          updatedAt: NOW,
          processedAt: null,
          ...values,
        } as InvoiceRow;
        invoices.set(row.id, row);
        return Promise.resolve(row);
      },
      findInvoice: (id) => Promise.resolve(invoices.get(id)),
      lockInvoice: (_tx, id) => Promise.resolve(invoices.get(id)),
      updateInvoice: (_tx, id, patch) => {
        const row = { ...invoices.get(id), ...patch } as InvoiceRow;
        invoices.set(id, row);
        return Promise.resolve(row);
      },
    },
    payers: {
      find: () => Promise.resolve({ ...payer, status: opts.status ?? PlayerStatus.Active }),
      lock: () => Promise.resolve({ ...payer, status: opts.status ?? PlayerStatus.Active }),
    },
    purchases: {
      lockOwnPurchase: () => Promise.reject(new Error('not a purchase')),
      updatePurchase: () => Promise.reject(new Error('not a purchase')),
    },
    limits: { listByPlayer: () => Promise.resolve(opts.limits ?? []) },
    settlement: {
      settle: (_tx, invoice, outcome) => {
        const row = {
          ...invoice,
          status: outcome.status,
          failureCode: 'failureCode' in outcome ? (outcome.failureCode ?? null) : null,
        };
        invoices.set(row.id, row);
        return Promise.resolve({ invoice: row, changed: true, alert: null });
      },
    },
    alerts: { deliver: () => Promise.resolve() },
    provider: {
      name: 'fake',
      openCashierSession: () => Promise.reject(new Error('unused')),
      listSavedMethods: () => Promise.resolve([CARD]),
      createCardPayment: (request) => {
        providerCalls.push(request);
        return opts.createCardPayment
          ? opts.createCardPayment(request)
          : Promise.resolve({ providerRef: 'ref-1', status: 'succeeded' as const });
      },
      createCryptoDeposit: () => Promise.reject(new Error('unused')),
      createPayout: () => Promise.reject(new Error('unused')),
      findPayout: () => Promise.reject(new Error('unused')),
      cancelPayment: (request) =>
        opts.cancelPayment ? opts.cancelPayment(request) : Promise.reject(new Error('unused')),
      refundPayment: () => Promise.reject(new Error('unused')),
      verifyWebhook: () => {
        throw new Error('unused');
      },
    },
    outbox: { record: () => Promise.resolve() },
    publicUrl: 'https://coinfall.test',
    now: () => NOW,
  };
  const payments = createPaymentService(deps);
  const deposit = (amount: number, currency = 'USD') =>
    payments.createDepositInvoice(actor, { paymentMethodId: CARD.id, currency, amount });
  return { deposit, invoices, windows, providerCalls };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('payment service: purchase limits', () => {
  it('refuses a deposit that would go over the daily purchase limit, naming what remains', async () => {
    const { deposit } = setup({ limits: [limitRow({ amount: 10_000 })], used: 7_000 });
    const err = await refusal(deposit(5_000));
    expect(err.code).toBe('LIMIT_EXCEEDED');
    expect(err.details).toEqual({
      limitId: 'limit-1',
      period: 'day',
      currency: 'USD',
      remaining: 3_000,
    });
  });

  it('accepts a deposit that reaches the limit exactly', async () => {
    const { deposit } = setup({ limits: [limitRow({ amount: 10_000 })], used: 7_000 });
    const invoice = await deposit(3_000);
    expect(invoice.status).toBe(InvoiceStatus.Success);
  });

  it('writes no invoice and never calls the provider when the limit refuses', async () => {
    const { deposit, invoices, providerCalls } = setup({ limits: [limitRow({})], used: 10_000 });
    await refusal(deposit(100));
    expect(invoices.size).toBe(0);
    expect(providerCalls).toEqual([]);
  });

  it('counts the weekly window for a weekly limit and says which period refused', async () => {
    const { deposit, windows } = setup({
      limits: [limitRow({ period: 'week', amount: 50_000 })],
      used: 49_000,
    });
    const err = await refusal(deposit(2_000));
    expect(err.details).toMatchObject({ period: 'week', remaining: 1_000 });
    expect(windows).toEqual([new Date(NOW.getTime() - 7 * 24 * 60 * 60 * 1000)]);
  });

  it('values a limit set in another currency in the base currency', async () => {
    // 10,000 EUR cents at rate 2 is 20,000 base cents: 15,000 used + 4,000 fits, + 6,000 does not.
    const limits = [limitRow({ currency: 'EUR', amount: 10_000 })];
    expect((await setup({ limits, used: 15_000 }).deposit(4_000)).status).toBe(
      InvoiceStatus.Success,
    );
    const err = await refusal(setup({ limits, used: 15_000 }).deposit(6_000));
    expect(err.details).toMatchObject({ remaining: 5_000 });
  });

  it('ignores wager and loss limits, and a limit whose removal has come due', async () => {
    const { deposit } = setup({
      limits: [
        limitRow({ type: 'wager', amount: 100 }),
        limitRow({ type: 'loss', period: 'week', amount: 100 }),
        limitRow({ amount: 100, removesAt: new Date(NOW.getTime() - 1) }),
      ],
      used: 0,
    });
    expect((await deposit(5_000)).type).toBe(InvoiceType.Deposit);
  });

  it('applies a raise only once its cooling-off has passed', async () => {
    const raise = (effectiveAt: Date) =>
      limitRow({ amount: 1_000, pendingAmount: 100_000, effectiveAt });
    const waiting = setup({ limits: [raise(new Date(NOW.getTime() + 1))], used: 0 });
    expect((await refusal(waiting.deposit(5_000))).code).toBe('LIMIT_EXCEEDED');
    const due = setup({ limits: [raise(new Date(NOW.getTime() - 1))], used: 0 });
    expect((await due.deposit(5_000)).status).toBe(InvoiceStatus.Success);
  });

  it('refuses a blocked player before any limit is read or invoice written', async () => {
    const { deposit, invoices, windows } = setup({ status: PlayerStatus.Blocked });
    expect((await refusal(deposit(1_000))).code).toBe('ACCOUNT_BLOCKED');
    expect(invoices.size).toBe(0);
    expect(windows).toEqual([]);
  });
});

describe('payment service: a provider whose first answer never came', () => {
  const lost = () => Promise.reject(new Error('socket hang up'));

  it('credits a payment the provider had taken, asked by invoice, instead of refusing it', async () => {
    const asked: unknown[] = [];
    const { deposit, invoices } = setup({
      createCardPayment: lost,
      cancelPayment: (request) => {
        asked.push(request);
        return Promise.resolve({ status: 'succeeded', providerRef: 'ref-9' });
      },
    });
    const invoice = await deposit(5_000);
    expect(invoice.status).toBe(InvoiceStatus.Success);
    expect(asked).toEqual([expect.objectContaining({ providerRef: null, kind: 'card' })]);
    expect([...invoices.values()].map((i) => i.status)).toEqual([InvoiceStatus.Success]);
  });

  it('ends a payment the provider never started as provider_unavailable, answering 503', async () => {
    const { deposit, invoices } = setup({
      createCardPayment: lost,
      cancelPayment: () =>
        Promise.resolve({ status: 'canceled', providerRef: 'ref-9', reason: 'abandoned' }),
    });
    expect((await refusal(deposit(5_000))).code).toBe('SERVICE_UNAVAILABLE');
    expect([...invoices.values()].map((i) => [i.status, i.failureCode])).toEqual([
      [InvoiceStatus.Rejected, 'provider_unavailable'],
    ]);
  });

  it('leaves the invoice open for the expiry when the provider cannot be asked either', async () => {
    const { deposit, invoices } = setup({ createCardPayment: lost, cancelPayment: lost });
    expect((await refusal(deposit(5_000))).code).toBe('SERVICE_UNAVAILABLE');
    expect([...invoices.values()].map((i) => i.status)).toEqual([InvoiceStatus.Pending]);
  });
});

describe('payment service: a provider that was never reached', () => {
  it('rejects the invoice at once, so a retry is not held behind it', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), {
      code: 'ECONNREFUSED',
    });
    let asked = 0;
    const { deposit, invoices } = setup({
      createCardPayment: () => Promise.reject(new TypeError('fetch failed', { cause: refused })),
      cancelPayment: () => {
        asked += 1;
        return Promise.reject(refused);
      },
    });
    expect((await refusal(deposit(5_000))).code).toBe('SERVICE_UNAVAILABLE');
    expect([...invoices.values()].map((i) => [i.status, i.failureCode])).toEqual([
      [InvoiceStatus.Rejected, 'provider_unavailable'],
    ]);
    expect(asked).toBe(0);
  });
});
