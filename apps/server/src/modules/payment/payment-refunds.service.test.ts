import { InvoiceStatus, InvoiceType } from '@coinfall/shared';
import type { InvoiceRow } from '../invoice/invoice.fns.ts';
import { createPurchaseRefunds } from './payment-refunds.service.ts';
import type { ProviderRefundAnswer } from './payment-provider.ts';

// Service tier: the refund job with in-memory fakes — a provider that cannot be reached or cannot
// refund, which the sandbox does not arrange for a card payment.

const NOW = new Date('2026-03-10T12:00:00Z');
const row: InvoiceRow = {
  id: 'inv-1',
  playerId: '00000000-0000-4000-8000-000000000001',
  type: InvoiceType.Purchase,
  status: InvoiceStatus.Rejected,
  amount: 500,
  currency: 'USD',
  amountBase: 500,
  paymentMethodId: 'pm-1',
  paymentMethodType: 'card',
  paymentMethodName: 'Visa',
  purchaseId: null,
  provider: 'fake',
  providerRef: 'ref-1',
  failureCode: 'player_excluded',
  nextAction: null,
  ledgerTransactionId: null,
  settlementTransactionId: null,
  createdAt: NOW,
  updatedAt: NOW,
  processedAt: NOW,
  abandonCheckedAt: null,
  payoutSentAt: null,
  refundCheckedAt: null,
  refundStatus: null,
  refundAnsweredAt: null,
  refundRef: null,
};

function setup(answer: () => Promise<ProviderRefundAnswer>) {
  const recorded: { status: string; ref: string }[] = [];
  const reported: string[] = [];
  let claims = [row];
  const refunds = createPurchaseRefunds({
    repo: {
      claimRefundsDue: () => {
        const batch = claims;
        claims = [];
        return Promise.resolve(batch);
      },
      recordRefundAnswer: (_id, a) => {
        recorded.push({ status: a.status, ref: a.ref });
        return Promise.resolve();
      },
    },
    provider: { name: 'fake', refundPayment: answer },
    now: () => NOW,
    onProviderFailure: (_err, id) => reported.push(`unreached ${id}`),
    onNotRefundable: (id, reason) => reported.push(`${reason} ${id}`),
  });
  return { refunds, recorded, reported };
}

describe('createPurchaseRefunds', () => {
  it('records nothing when the provider cannot be reached: the lease brings it back later', async () => {
    const s = setup(() => Promise.reject(new Error('timeout')));
    expect(await s.refunds.run()).toEqual({ checked: 1, refunded: 0, notRefundable: 0, failed: 1 });
    expect(s.recorded).toEqual([]);
    expect(s.reported).toEqual(['unreached inv-1']);
  });

  it('records a refusal to refund once, for the operator, and says so', async () => {
    const s = setup(() => Promise.resolve({ status: 'not_refundable', reason: 'crypto_transfer' }));
    expect(await s.refunds.run()).toMatchObject({ notRefundable: 1 });
    expect(s.recorded).toEqual([{ status: 'not_refundable', ref: 'crypto_transfer' }]);
    expect(s.reported).toEqual(['crypto_transfer inv-1']);
  });

  it('records the provider’s refund reference', async () => {
    const s = setup(() => Promise.resolve({ status: 'refunded', refundRef: 're_ref-1' }));
    expect(await s.refunds.run()).toMatchObject({ refunded: 1 });
    expect(s.recorded).toEqual([{ status: 'refunded', ref: 're_ref-1' }]);
  });
});
