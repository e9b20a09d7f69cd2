import { InvoiceFailureCode, InvoiceStatus, InvoiceType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { InvoiceRow } from '../invoice/invoice.fns.ts';
import { createPaymentExpiry } from './payment-expiry.service.ts';
import type { ProviderCancelAnswer } from './payment-provider.ts';
import type { SettleOutcome } from './settlement.service.ts';

// Service tier: the expiry with in-memory fakes — what it does when the provider cannot be
// reached, which no integration test can arrange without a fake provider.

const NOW = new Date('2026-03-10T12:00:00Z');
const tx = {} as Database;
const row: InvoiceRow = {
  id: 'inv-1',
  playerId: '00000000-0000-4000-8000-000000000001',
  type: InvoiceType.Purchase,
  status: InvoiceStatus.Pending,
  amount: 500,
  currency: 'USD',
  amountBase: 500,
  paymentMethodId: 'pm-1',
  paymentMethodType: 'card',
  paymentMethodName: 'Visa',
  purchaseId: null,
  provider: 'fake',
  providerRef: 'ref-1',
  failureCode: null,
  nextAction: null,
  ledgerTransactionId: null,
  settlementTransactionId: null,
  createdAt: new Date(NOW.getTime() - 2 * 3_600_000),
  updatedAt: NOW,
  processedAt: null,
  abandonCheckedAt: null,
  payoutSentAt: null,
  refundCheckedAt: null,
  refundStatus: null,
  refundAnsweredAt: null,
  refundRef: null,
};

function setup(answers: (() => Promise<ProviderCancelAnswer>)[]) {
  const settled: SettleOutcome[] = [];
  const failures: string[] = [];
  const expiry = createPaymentExpiry({
    repo: {
      db: { transaction: (work: (t: Database) => Promise<unknown>) => work(tx) } as never,
      // Each run finds the invoice (the lease has passed by the next run), one short batch.
      claimAbandoned: () => Promise.resolve([row]),
    },
    purchases: { failUnpaid: () => Promise.resolve([]) },
    outbox: { record: () => Promise.resolve() },
    payment: {
      provider: {
        name: 'fake',
        cancelPayment: () => (answers.shift() ?? (() => Promise.reject(new Error('no answer'))))(),
      } as never,
      settlement: {
        settle: (_tx, invoice, outcome) => {
          settled.push(outcome);
          const status = outcome.status;
          return Promise.resolve({ invoice: { ...invoice, status }, changed: true, alert: null });
        },
      },
      alerts: { deliver: () => Promise.resolve() },
    },
    steps: { onLockedInvoice: (_playerId, _id, work) => work(tx, row) },
    policy: { cardMinutes: 60, cryptoMinutes: 1440 },
    now: () => NOW,
    onProviderFailure: (_err, invoiceId) => failures.push(invoiceId),
  });
  return { expiry, settled, failures };
}

describe('payment expiry', () => {
  it('leaves an invoice whose provider cannot be reached for the next run, which expires it', async () => {
    const { expiry, settled, failures } = setup([
      () => Promise.reject(new Error('ECONNREFUSED')),
      () => Promise.resolve({ status: 'canceled', providerRef: 'ref-1', reason: 'abandoned' }),
    ]);
    expect(await expiry.run()).toEqual({ checked: 1, ended: 0, failed: 1, unpaid: 0 });
    expect(failures).toEqual(['inv-1']);
    expect(settled).toEqual([]);

    expect(await expiry.run()).toEqual({ checked: 1, ended: 1, failed: 0, unpaid: 0 });
    expect(settled).toEqual([
      { status: InvoiceStatus.Rejected, failureCode: InvoiceFailureCode.Expired },
    ]);
  });

  it('never assumes: a provider still processing leaves the invoice open', async () => {
    const { expiry, settled } = setup([
      () => Promise.resolve({ status: 'processing', providerRef: 'ref-1' }),
    ]);
    expect(await expiry.run()).toEqual({ checked: 1, ended: 0, failed: 0, unpaid: 0 });
    expect(settled).toEqual([{ status: InvoiceStatus.Processing }]);
  });
});
