import type { InvoiceRow } from '../invoice/invoice.fns.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentRepo } from './payment.repo.ts';
import { PLAYER_EXCLUDED_FAILURE } from './payment.fns.ts';

/** Invoices claimed per statement: the provider is asked one by one, so a run stays short. */
export const REFUND_BATCH = 100;
/** A claimed invoice is not claimed again for this long (another node, a failed ask). */
export const REFUND_LEASE_MS = 15 * 60_000;

/**
 * Refunds at the provider the purchases refused at settlement because their player took a break
 * or self-excluded while the payment was on its way (decision 046; the refusal is decision 036's).
 * On the outbox leader's housekeeping, after the settlement has committed, with no transaction
 * open while the provider is asked: claimed in batches under a lease (safe on several nodes), each
 * answer recorded once on the invoice. The refusal credited nothing, so the refund moves no
 * coins: it only gives the player's money back where it was taken. A provider that cannot be
 * reached leaves the invoice for the next run; one that cannot refund (a crypto transfer) is
 * recorded `not_refundable` for the operator, and logged.
 */
export function createPurchaseRefunds(deps: {
  repo: Pick<PaymentRepo, 'claimRefundsDue' | 'recordRefundAnswer'>;
  provider: Pick<PaymentProvider, 'name' | 'refundPayment'>;
  now: () => Date;
  onProviderFailure: (err: unknown, invoiceId: string) => void;
  onNotRefundable: (invoiceId: string, reason: string) => void;
  batch?: number;
}) {
  const batch = deps.batch ?? REFUND_BATCH;

  async function refund(invoice: InvoiceRow): Promise<'refunded' | 'not_refundable'> {
    const answer = await deps.provider.refundPayment({
      invoiceId: invoice.id,
      providerRef: invoice.providerRef,
      kind: invoice.paymentMethodType === 'crypto' ? 'crypto' : 'card',
      amount: invoice.amount,
      currency: invoice.currency,
      reason: PLAYER_EXCLUDED_FAILURE,
    });
    const at = deps.now();
    if (answer.status === 'refunded') {
      await deps.repo.recordRefundAnswer(invoice.id, {
        status: 'refunded',
        ref: answer.refundRef,
        at,
      });
    } else {
      await deps.repo.recordRefundAnswer(invoice.id, {
        status: 'not_refundable',
        ref: answer.reason,
        at,
      });
      deps.onNotRefundable(invoice.id, answer.reason);
    }
    return answer.status;
  }

  return {
    /** How many refused purchases were claimed, refunded, left to the operator, or not reached. */
    async run(): Promise<{
      checked: number;
      refunded: number;
      notRefundable: number;
      failed: number;
    }> {
      const totals = { checked: 0, refunded: 0, notRefundable: 0, failed: 0 };
      for (;;) {
        const now = deps.now();
        const claimed = await deps.repo.claimRefundsDue({
          provider: deps.provider.name,
          failureCode: PLAYER_EXCLUDED_FAILURE,
          leaseBefore: new Date(now.getTime() - REFUND_LEASE_MS),
          now,
          limit: batch,
        });
        for (const invoice of claimed) {
          totals.checked += 1;
          try {
            if ((await refund(invoice)) === 'refunded') totals.refunded += 1;
            else totals.notRefundable += 1;
          } catch (err) {
            totals.failed += 1;
            deps.onProviderFailure(err, invoice.id);
          }
        }
        if (claimed.length < batch) return totals;
      }
    },
  };
}
export type PurchaseRefunds = ReturnType<typeof createPurchaseRefunds>;
