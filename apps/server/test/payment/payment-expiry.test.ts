import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { InvoiceFailureCode, InvoiceStatus, PurchaseStatus, type Invoice } from '@coinfall/shared';
import { bundlePurchases, domainEvents, invoices } from '../../src/db/schema/index.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  balances,
  invoiceOf,
  openThreeDs,
  payPurchase,
  payingPlayer,
  post,
  saveCard,
  startPurchase,
  withWelcome,
} from './payment-fixtures.ts';

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  await withoutQuests(t);
});
afterAll(() => t.close());

const invoiceRow = async (id: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const finalEvents = async (ids: string[]) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'invoice.deposit.updated'))
  )
    .map((e) => (e.payload as { invoice: Invoice }).invoice)
    .filter((i) => ids.includes(i.id) && i.status === InvoiceStatus.Rejected);

/** A purchase left on the hosted 3-D Secure page. */
async function abandonedPurchase() {
  const player = await payingPlayer(t);
  const card = await saveCard(t, player.token, CARDS.threeDs);
  const purchase = await startPurchase(t, player.token);
  const invoice = invoiceOf(await payPurchase(t, player.token, purchase.id, card));
  expect(invoice.status).toBe(InvoiceStatus.Pending);
  const redirect = invoice.nextAction?.type === 'redirect' ? invoice.nextAction.url : '';
  return { ...player, purchase, invoice, redirect };
}

async function cryptoDeposit(token: string) {
  const invoice = invoiceOf(
    await post(t, '/api/payment/invoices/deposit', token, {
      amount: 100_000,
      currency: 'BTC',
      paymentMethodId: 'crypto:BTC',
    }),
  );
  const address = invoice.nextAction?.type === 'crypto_address' ? invoice.nextAction.address : '';
  return { invoice, address };
}

/** Makes an invoice look created `minutes` before `at` (the job's clock). */
const createdBefore = (id: string, at: number, minutes: number) =>
  t.database.db
    .update(invoices)
    .set({ createdAt: new Date(at - minutes * MINUTE) })
    .where(eq(invoices.id, id));

describe('the expiry of abandoned payments', () => {
  it('expires a card purchase left on 3-D Secure past the hour, leaves a fresh one, a processing one and a crypto deposit within its day', async () => {
    const old = await abandonedPurchase();
    const fresh = await abandonedPurchase();
    const processingPlayer = await payingPlayer(t);
    const processingCard = await saveCard(t, processingPlayer.token, CARDS.processing);
    const processing = invoiceOf(
      await payPurchase(
        t,
        processingPlayer.token,
        (await startPurchase(t, processingPlayer.token)).id,
        processingCard,
      ),
    );
    const crypto = await cryptoDeposit(old.token);
    // A purchase started and never paid (no invoice): it ends failed too.
    const unpaid = await startPurchase(t, (await payingPlayer(t)).token);
    const submit = await openThreeDs(t, old.redirect);

    const { app, clock } = await createClockedApp(t);
    try {
      clock.ms += 61 * MINUTE;
      await createdBefore(fresh.invoice.id, clock.ms, 5);
      const run = await app.paymentExpiry.run();
      expect(run.failed).toBe(0);
      expect(run.ended).toBe(1);
      expect(run.unpaid).toBe(1);
      // A second run has nothing new to do: the processing one is leased, the rest are final.
      expect((await app.paymentExpiry.run()).ended).toBe(0);
    } finally {
      await app.close();
    }

    expect(await invoiceRow(old.invoice.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: InvoiceFailureCode.Expired,
    });
    const purchase = (
      await t.database.db
        .select()
        .from(bundlePurchases)
        .where(eq(bundlePurchases.id, old.purchase.id))
    )[0];
    expect(purchase?.status).toBe(PurchaseStatus.Failed);
    const unpaidRow = (
      await t.database.db.select().from(bundlePurchases).where(eq(bundlePurchases.id, unpaid.id))
    )[0];
    expect(unpaidRow?.status).toBe(PurchaseStatus.Failed);
    const purchaseEvents = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'bundle.purchase.updated'));
    expect(
      purchaseEvents.filter(
        (e) =>
          (e.payload as { purchase: { id: string; status: number } }).purchase.id === unpaid.id &&
          (e.payload as { purchase: { status: number } }).purchase.status === PurchaseStatus.Failed,
      ),
    ).toHaveLength(1);
    expect((await invoiceRow(fresh.invoice.id))?.status).toBe(InvoiceStatus.Pending);
    // The provider says it is still processing: never assumed canceled.
    expect((await invoiceRow(processing.id))?.status).toBe(InvoiceStatus.Processing);
    expect((await invoiceRow(crypto.invoice.id))?.status).toBe(InvoiceStatus.Pending);
    // The hosted page can no longer take the money.
    const approved = await submit({ decision: 'approve' });
    expect(approved.headers.location).toContain('fail');
    expect(await balances(t, old.token)).toEqual(withWelcome());
    expect((await finalEvents([old.invoice.id])).length).toBe(1);
  });

  it('expires a crypto deposit no transfer reached after its day; its address then refuses a transfer', async () => {
    const { token } = await payingPlayer(t);
    const crypto = await cryptoDeposit(token);
    const { app, clock } = await createClockedApp(t);
    try {
      clock.ms += 25 * 60 * MINUTE;
      expect((await app.paymentExpiry.run()).failed).toBe(0);
    } finally {
      await app.close();
    }
    expect(await invoiceRow(crypto.invoice.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: InvoiceFailureCode.Expired,
    });
    const transfer = await t.app.inject({
      method: 'POST',
      url: `/sandbox-cashier/crypto/${crypto.address}/transfer`,
    });
    expect(transfer.statusCode).toBe(409);
  });

  it('expires each abandoned payment once when two nodes run the job at the same time', async () => {
    const abandoned = await Promise.all(Array.from({ length: 6 }, () => abandonedPurchase()));
    const ids = abandoned.map((a) => a.invoice.id);
    const nodes = await Promise.all([createClockedApp(t), createClockedApp(t)]);
    try {
      for (const node of nodes) node.clock.ms += 3 * 60 * MINUTE;
      const runs = await Promise.all(nodes.map((n) => n.app.paymentExpiry.run()));
      // Claimed by one node each (skip-locked and stamped): never asked twice.
      expect(runs.reduce((sum, r) => sum + r.ended, 0)).toBeGreaterThanOrEqual(ids.length);
    } finally {
      await Promise.all(nodes.map((n) => n.app.close()));
    }
    const rows = await t.database.db.select().from(invoices).where(inArray(invoices.id, ids));
    expect(rows.every((r) => r.failureCode === InvoiceFailureCode.Expired)).toBe(true);
    const events = await finalEvents(ids);
    expect(events.map((e) => e.id).sort()).toEqual([...ids].sort());
    for (const { token } of abandoned) expect(await balances(t, token)).toEqual(withWelcome());
    const results = await runLedgerInvariants(t.database.db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
