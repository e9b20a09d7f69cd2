import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { InvoiceStatus, PurchaseStatus } from '@coinfall/shared';
import {
  invoices,
  ledgerAccounts,
  paymentWebhookEvents,
  bundlePurchases,
} from '../../src/db/schema/index.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import type { WebhookEvent } from '../../src/modules/payment/payment-provider.ts';
import { signWebhook } from '../../src/modules/payment-sandbox/payment-sandbox.fns.ts';
import { bearer, errorOf } from '../player/player-fixtures.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  balances,
  deliverWebhook,
  invoiceOf,
  newKey,
  payPurchase,
  payingPlayer,
  post,
  saveCard,
  startPurchase,
  withWelcome,
} from './payment-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  // Balances here are exact: the first-purchase quest's coins would land in them (decision 028).
  await withoutQuests(t);
});
afterAll(() => t.close());

const invoiceRow = async (id: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const invoicesOfPurchase = (purchaseId: string) =>
  t.database.db.select().from(invoices).where(eq(invoices.purchaseId, purchaseId));

/** A purchase paid with the processing test card: status 4, waiting for its webhook. */
async function processingInvoice() {
  const player = await payingPlayer(t);
  const methodId = await saveCard(t, player.token, CARDS.processing);
  const purchase = await startPurchase(t, player.token, 'bronze');
  const invoice = invoiceOf(await payPurchase(t, player.token, purchase.id, methodId));
  const row = await invoiceRow(invoice.id);
  if (!row?.providerRef) throw new Error('no provider ref');
  const event = (type: WebhookEvent['type'], sequence: number): WebhookEvent => ({
    id: `evt_${row.providerRef}_${sequence}`,
    type,
    providerRef: row.providerRef ?? '',
    invoiceId: row.id,
    amount: row.amount,
    currency: row.currency,
    sequence,
    occurredAt: new Date().toISOString(),
  });
  return { ...player, invoice: row, event };
}

describe('L4: POST /api/payment/invoices/purchase with one Idempotency-Key', () => {
  it('10 sequential retries: one invoice, identical bodies', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.instant);
    const purchase = await startPurchase(t, token);
    const key = newKey();
    const bodies: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await payPurchase(t, token, purchase.id, methodId, key);
      expect(res.statusCode).toBe(200);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(await invoicesOfPurchase(purchase.id)).toHaveLength(1);
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 500_000, SC: 500 }));
  });

  it('10 concurrent requests: one invoice, identical bodies, one credit', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.instant);
    const purchase = await startPurchase(t, token);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => payPurchase(t, token, purchase.id, methodId, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await invoicesOfPurchase(purchase.id)).toHaveLength(1);
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 500_000, SC: 500 }));
  });

  it('the same key with another body is 409', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const first = await startPurchase(t, token);
    const second = await startPurchase(t, token);
    const key = newKey();
    expect((await payPurchase(t, token, first.id, methodId, key)).statusCode).toBe(200);
    const other = await payPurchase(t, token, second.id, methodId, key);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('CONFLICT');
    expect(await invoicesOfPurchase(second.id)).toHaveLength(0);
  });
});

describe('L4: POST /api/payment/webhooks/sandbox', () => {
  it('a duplicated delivery credits once', async () => {
    const { token, invoice, event } = await processingInvoice();
    const succeeded = event('payment.succeeded', 1);
    const first = await deliverWebhook(t, succeeded);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const again = await deliverWebhook(t, succeeded);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 1_000_000, SC: 1_000 }));
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Success });
  });

  it('refuses a purchase paid at the provider after its player took a break: no coins', async () => {
    const { token, playerId, invoice, event } = await processingInvoice();
    const before = await balances(t, token);
    const taken = await post(t, '/api/player/protection/break', token, { days: 1 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await deliverWebhook(t, event('payment.succeeded', 1))).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'player_excluded',
      ledgerTransactionId: null,
    });
    const [purchase] = await t.database.db
      .select({ status: bundlePurchases.status })
      .from(bundlePurchases)
      .where(eq(bundlePurchases.id, invoice.purchaseId ?? ''));
    expect(purchase?.status).toBe(PurchaseStatus.Failed);
    const accounts = await t.database.db
      .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.ownerKind, 'player')));
    expect(Object.fromEntries(accounts.map((a) => [a.currency, Number(a.balance)]))).toEqual(
      before,
    );
  });

  it('reordered: success then an older processing changes nothing', async () => {
    const { token, invoice, event } = await processingInvoice();
    expect((await deliverWebhook(t, event('payment.succeeded', 2))).json()).toMatchObject({
      outcome: 'applied',
    });
    expect((await deliverWebhook(t, event('payment.processing', 1))).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect((await deliverWebhook(t, event('payment.declined', 3))).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Success });
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 1_000_000, SC: 1_000 }));
  });

  it('badly signed, stale, unsigned or unreadable: refused with no change', async () => {
    const { token, invoice, event } = await processingInvoice();
    const succeeded = event('payment.succeeded', 1);
    const forged = await deliverWebhook(t, succeeded, { secret: 'x'.repeat(40) });
    expect(forged.statusCode).toBe(401);
    const stale = await deliverWebhook(t, succeeded, {
      atSeconds: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeeded),
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed over other bytes than those sent: the signature covers the raw body exactly.
    const reformatted = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signWebhook(
          t.config.paymentSandbox?.webhookSecret ?? '',
          JSON.stringify(succeeded),
          Math.floor(Date.now() / 1000),
        ),
      },
      payload: JSON.stringify(succeeded, null, 2),
    });
    expect(reformatted.statusCode).toBe(401);
    const junk = await deliverWebhook(t, succeeded, { rawBody: '{"not":"an event"}' });
    expect(junk.statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.invoiceId, invoice.id)),
    ).toEqual([]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Processing });
    expect(await balances(t, token)).toEqual(withWelcome());
  });

  it('records an event for an unknown invoice, and hands payout events to the redemptions callback', async () => {
    const unknown: WebhookEvent = {
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      providerRef: 'pay_unknown',
      invoiceId: randomUUID(),
      amount: 100,
      currency: 'USD',
      sequence: 1,
      occurredAt: new Date().toISOString(),
    };
    expect((await deliverWebhook(t, unknown)).json()).toEqual({
      received: true,
      outcome: 'unknown_invoice',
    });
    const payout = { ...unknown, id: `evt_${randomUUID()}`, type: 'payout.succeeded' as const };
    expect((await deliverWebhook(t, payout)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await deliverWebhook(t, payout)).json()).toMatchObject({ outcome: 'duplicate' });
    const [row] = await t.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, unknown.id));
    expect(row).toMatchObject({ outcome: 'unknown_invoice', invoiceId: null });
  });

  it('answers 404 for a provider it does not know', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhooks/acme',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('R1: purchase limits under 50 concurrent invoices', () => {
  const setLimit = async (token: string, amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/player/limits',
      headers: bearer(token),
      payload: { type: 'purchase', period: 'day', currency: 'USD', amount },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('50 deposits of 10.00 against a 50.00 daily limit: exactly 5 accepted', async () => {
    const { token, playerId } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.instant);
    await setLimit(token, 5_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(t, '/api/payment/invoices/deposit', token, {
          amount: 1_000,
          currency: 'USD',
          paymentMethodId: methodId,
        }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(5);
    expect(
      answers.filter((a) => a.statusCode === 409 && errorOf(a).code === 'LIMIT_EXCEEDED'),
    ).toHaveLength(45);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.playerId, playerId));
    expect(rows.reduce((sum, r) => sum + r.amountBase, 0)).toBe(5_000);
    expect((await balances(t, token)).USD).toBe(5_000);
  });

  it('50 purchase and deposit invoices against a 49.90 limit: exactly 10 of 4.99 accepted', async () => {
    const { token, playerId } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    await setLimit(token, 4_990);
    const purchases = await Promise.all(
      Array.from({ length: 25 }, () => startPurchase(t, token, 'starter')),
    );
    const answers = await Promise.all([
      ...purchases.map((p) => payPurchase(t, token, p.id, methodId)),
      ...Array.from({ length: 25 }, () =>
        post(t, '/api/payment/invoices/deposit', token, {
          amount: 499,
          currency: 'USD',
          paymentMethodId: methodId,
        }),
      ),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(40);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.playerId, playerId));
    expect(rows.reduce((sum, r) => sum + r.amountBase, 0)).toBe(4_990);
  });

  it('L3: the ledger invariants hold after all of the above', async () => {
    const results = await runLedgerInvariants(t.database.db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
