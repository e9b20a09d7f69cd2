import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { InvoiceStatus } from '@coinfall/shared';
import { invoices, sandboxPayments } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  answerThreeDs,
  invoiceOf,
  payPurchase,
  payingPlayer,
  post,
  saveCard,
  startPurchase,
} from './payment-fixtures.ts';

/**
 * Decision 046: a purchase paid at the provider after its player took a break is refused at
 * settlement (decision 036) and then refunded at the provider, through the provider interface.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t?.close());

const invoiceRow = async (id: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const sandboxPaymentOf = async (invoiceId: string) =>
  (
    await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.invoiceId, invoiceId))
  )[0];

describe('a purchase refused because its player took a break', () => {
  it('is refunded at the provider once, by the refund job, and credits nothing', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const purchase = await startPurchase(t, token);
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    if (invoice.nextAction?.type !== 'redirect') throw new Error('no 3-D Secure step');

    // The break starts while the payment waits on 3-D Secure; the player then approves it.
    const taken = await post(t, '/api/player/protection/break', token, { days: 1 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(
      (await answerThreeDs(t, invoice.nextAction.url, { decision: 'approve' })).statusCode,
    ).toBe(303);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'player_excluded',
      refundStatus: null,
    });
    expect((await sandboxPaymentOf(invoice.id))?.status).toBe('succeeded');

    const run = await t.app.purchaseRefunds.run();
    expect(run).toMatchObject({ refunded: 1, notRefundable: 0, failed: 0 });
    const payment = await sandboxPaymentOf(invoice.id);
    expect(payment?.status).toBe('refunded');
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      refundStatus: 'refunded',
      refundRef: `re_${payment?.ref}`,
    });

    // Answered for: a later run asks nothing more; the refusal credited nothing to take back.
    expect(await t.app.purchaseRefunds.run()).toMatchObject({ checked: 0 });
    expect((await invoiceRow(invoice.id))?.ledgerTransactionId).toBeNull();
  });
});
