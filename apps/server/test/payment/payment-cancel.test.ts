import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { InvoiceFailureCode, InvoiceStatus, PurchaseStatus, type Invoice } from '@coinfall/shared';
import { bundlePurchases, domainEvents, invoices } from '../../src/db/schema/index.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { bearer, errorOf, failedFields } from '../player/player-fixtures.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  answerThreeDs,
  balances,
  bundleByIdentity,
  invoiceOf,
  openThreeDs,
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

const cancel = (token: string, id: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/payment/invoices/${id}/cancel`,
    headers: bearer(token),
  });
const invoiceRow = async (id: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const purchaseRow = async (id: string) =>
  (await t.database.db.select().from(bundlePurchases).where(eq(bundlePurchases.id, id)))[0];
const updatesOf = async (invoiceId: string) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'invoice.deposit.updated'))
  ).filter((e) => (e.payload as { invoice: Invoice }).invoice.id === invoiceId);

/** A player with a purchase awaiting 3-D Secure: its invoice and the hosted page's URL. */
async function awaitingThreeDs() {
  const player = await payingPlayer(t);
  const card = await saveCard(t, player.token, CARDS.threeDs);
  const purchase = await startPurchase(t, player.token);
  const invoice = invoiceOf(await payPurchase(t, player.token, purchase.id, card));
  expect(invoice.status).toBe(InvoiceStatus.Pending);
  const redirect = invoice.nextAction?.type === 'redirect' ? invoice.nextAction.url : '';
  expect(redirect).not.toBe('');
  return { ...player, purchase, invoice, redirect };
}

describe('PUT /api/payment/invoices/{id}/cancel', () => {
  it('cancels a purchase awaiting 3-D Secure: rejected canceled_by_player, no coins, the hosted page cannot complete it', async () => {
    const { token, purchase, invoice, redirect } = await awaitingThreeDs();
    const before = await balances(t, token);
    // The player's tab keeps the bank's page open.
    const submit = await openThreeDs(t, redirect);

    const res = await cancel(token, invoice.id);
    const canceled = invoiceOf(res);
    expect(canceled).toMatchObject({
      id: invoice.id,
      status: InvoiceStatus.Rejected,
      failureCode: InvoiceFailureCode.CanceledByPlayer,
      nextAction: null,
    });
    expect((await purchaseRow(purchase.id))?.status).toBe(PurchaseStatus.Failed);
    // The site hears of it live: an invoice.updated event with the final status.
    const events = await updatesOf(invoice.id);
    expect(
      events.some(
        (e) => (e.payload as { invoice: Invoice }).invoice.status === InvoiceStatus.Rejected,
      ),
    ).toBe(true);

    // Approving on the open page afterwards changes nothing: the bank refuses it, and the page
    // shows the outcome instead of the challenge.
    const approved = await submit({ decision: 'approve' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain('fail');
    expect((await invoiceRow(invoice.id))?.status).toBe(InvoiceStatus.Rejected);
    const reopened = await t.app.inject({
      method: 'GET',
      url: `${new URL(redirect).pathname}${new URL(redirect).search}`,
    });
    expect(reopened.body).not.toContain('<form method="post"');
    expect(await balances(t, token)).toEqual(before);
    expect(before).toEqual(withWelcome());

    // Idempotent: the same cancel answers the same invoice, and records nothing more.
    const count = (await updatesOf(invoice.id)).length;
    const again = invoiceOf(await cancel(token, invoice.id));
    expect(again).toEqual(canceled);
    expect((await updatesOf(invoice.id)).length).toBe(count);
  });

  it('a payment approved before the cancel stays credited once: 409 final', async () => {
    const { token, invoice, redirect } = await awaitingThreeDs();
    const bundle = await bundleByIdentity(t, 'starter');
    const approved = await answerThreeDs(t, redirect, { decision: 'approve' });
    expect(approved.statusCode).toBe(303);
    // Its webhook was delivered already: credited; the cancel comes too late.
    const credited = await balances(t, token);
    expect(credited).toEqual(withWelcome({ GC: bundle.goldCoins, SC: bundle.sweepsCoins }));
    const res = await cancel(token, invoice.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'INVOICE_NOT_CANCELABLE',
      details: { reason: 'final', invoice: { status: InvoiceStatus.Success } },
    });
    expect(await balances(t, token)).toEqual(credited);
  });

  it('when the provider answers it had succeeded, settles the success: credited once', async () => {
    const { token, invoice, redirect } = await awaitingThreeDs();
    const bundle = await bundleByIdentity(t, 'starter');
    // The provider completed it but its webhook is lost: our invoice still says pending.
    await t.database.db
      .update(invoices)
      .set({ provider: 'lost-webhooks' })
      .where(eq(invoices.id, invoice.id));
    const approved = await answerThreeDs(t, redirect, { decision: 'approve' });
    expect(approved.statusCode).toBe(303);
    expect((await invoiceRow(invoice.id))?.status).toBe(InvoiceStatus.Pending);
    await t.database.db
      .update(invoices)
      .set({ provider: 'sandbox' })
      .where(eq(invoices.id, invoice.id));

    const answered = invoiceOf(await cancel(token, invoice.id));
    expect(answered).toMatchObject({ status: InvoiceStatus.Success, failureCode: null });
    expect(await balances(t, token)).toEqual(
      withWelcome({ GC: bundle.goldCoins, SC: bundle.sweepsCoins }),
    );
    // Asked again: final now, and still credited once.
    expect((await cancel(token, invoice.id)).statusCode).toBe(409);
    expect(await balances(t, token)).toEqual(
      withWelcome({ GC: bundle.goldCoins, SC: bundle.sweepsCoins }),
    );
  });

  it('cancels a crypto deposit awaiting its transfer; the address then refuses a transfer', async () => {
    const { token } = await payingPlayer(t);
    const invoice = invoiceOf(
      await post(t, '/api/payment/invoices/deposit', token, {
        amount: 100_000,
        currency: 'BTC',
        paymentMethodId: 'crypto:BTC',
      }),
    );
    const address = invoice.nextAction?.type === 'crypto_address' ? invoice.nextAction.address : '';
    expect(invoiceOf(await cancel(token, invoice.id))).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: InvoiceFailureCode.CanceledByPlayer,
    });
    const transfer = await t.app.inject({
      method: 'POST',
      url: `/sandbox-cashier/crypto/${address}/transfer`,
    });
    expect(transfer.statusCode).toBe(409);
    expect(errorOf(transfer).message).toContain('canceled');
  });

  it('a processing card payment is the provider’s to finish: 409 processing, unchanged', async () => {
    const { token } = await payingPlayer(t);
    const card = await saveCard(t, token, CARDS.processing);
    const purchase = await startPurchase(t, token);
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, card));
    expect(invoice.status).toBe(InvoiceStatus.Processing);
    const res = await cancel(token, invoice.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'INVOICE_NOT_CANCELABLE',
      details: { reason: 'processing' },
    });
    expect((await invoiceRow(invoice.id))?.status).toBe(InvoiceStatus.Processing);
  });

  it('another player’s invoice is 404; a declined one 409 final; a bad id 400 naming it; no session 401', async () => {
    const { invoice } = await awaitingThreeDs();
    const other = await payingPlayer(t);
    const foreign = await cancel(other.token, invoice.id);
    expect(foreign.statusCode).toBe(404);
    expect((await invoiceRow(invoice.id))?.status).toBe(InvoiceStatus.Pending);

    const declinedCard = await saveCard(t, other.token, CARDS.declined);
    const purchase = await startPurchase(t, other.token);
    const declined = await payPurchase(t, other.token, purchase.id, declinedCard);
    expect(declined.statusCode).toBe(402);
    const declinedId = errorOf(declined).details?.invoice as { id: string };
    const final = await cancel(other.token, declinedId.id);
    expect(final.statusCode).toBe(409);
    expect(errorOf(final)).toMatchObject({
      code: 'INVOICE_NOT_CANCELABLE',
      details: { reason: 'final', invoice: { status: InvoiceStatus.Rejected } },
    });

    const bad = await cancel(other.token, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toContain('params.id');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/payment/invoices/${invoice.id}/cancel`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a cancel racing the hosted page’s approval ends in exactly one outcome', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { token, invoice, redirect } = await awaitingThreeDs();
      const bundle = await bundleByIdentity(t, 'starter');
      const submit = await openThreeDs(t, redirect);
      const [canceled] = await Promise.all([
        cancel(token, invoice.id),
        submit({ decision: 'approve' }),
      ]);
      const row = await invoiceRow(invoice.id);
      const held = await balances(t, token);
      if (row?.status === InvoiceStatus.Success) {
        expect([200, 409]).toContain(canceled.statusCode);
        expect(held).toEqual(withWelcome({ GC: bundle.goldCoins, SC: bundle.sweepsCoins }));
      } else {
        expect(canceled.statusCode, canceled.body).toBe(200);
        expect(row).toMatchObject({
          status: InvoiceStatus.Rejected,
          failureCode: InvoiceFailureCode.CanceledByPlayer,
        });
        expect(held).toEqual(withWelcome());
      }
      const finals = (await updatesOf(invoice.id)).filter((e) =>
        [InvoiceStatus.Success, InvoiceStatus.Rejected].includes(
          (e.payload as { invoice: Invoice }).invoice.status as 2 | 3,
        ),
      );
      expect(finals.length).toBe(1);
    }
    const results = await runLedgerInvariants(t.database.db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
