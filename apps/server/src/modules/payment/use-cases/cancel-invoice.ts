import { InvoiceFailureCode, InvoiceStatus, type Invoice } from '@coinfall/shared';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  MONEY_IN_TYPES,
  isFinalInvoiceStatus,
  toInvoice,
  type InvoiceRow,
} from '../../invoice/invoice.fns.ts';
import { cancelOutcome, paymentKindOf } from '../payment-cancel.fns.ts';
import type { CancellationReason, ProviderCancelAnswer } from '../payment-provider.ts';
import type { SettleOutcome } from '../settlement.service.ts';
import type { PaymentDeps, PaymentSteps } from './payment-steps.ts';

/**
 * Asks the provider to cancel the invoice's payment (no transaction open: the provider may
 * deliver its webhook meanwhile) and applies its answer through the one settlement path, under
 * the player's lock then the invoice's. Whichever of this and a webhook comes first decides;
 * the other changes nothing. Throws when the provider cannot be reached (nothing changed).
 */
export async function cancelThroughProvider(
  deps: Pick<PaymentDeps, 'provider' | 'settlement' | 'alerts'>,
  steps: Pick<PaymentSteps, 'onLockedInvoice'>,
  invoice: InvoiceRow,
  reason: CancellationReason,
  /** What the answer does to the invoice (`cancelOutcome`, unless the caller knows better). */
  outcomeOf: (answer: ProviderCancelAnswer) => SettleOutcome = cancelOutcome,
): Promise<{ invoice: InvoiceRow; answer: ProviderCancelAnswer }> {
  const answer = await deps.provider.cancelPayment({
    invoiceId: invoice.id,
    providerRef: invoice.providerRef,
    kind: paymentKindOf(invoice),
    reason,
    customerId: invoice.playerId,
    amount: invoice.amount,
    currency: invoice.currency,
  });
  const extra =
    !invoice.providerRef && answer.providerRef ? { providerRef: answer.providerRef } : {};
  const settled = await steps.onLockedInvoice(invoice.playerId, invoice.id, (tx, row) =>
    deps.settlement.settle(tx, row, outcomeOf(answer), extra),
  );
  await deps.alerts.deliver(settled.alert);
  return { invoice: settled.invoice, answer };
}

const notCancelable = (reason: 'final' | 'processing', row: InvoiceRow) =>
  new AppError(
    'INVOICE_NOT_CANCELABLE',
    reason === 'final'
      ? 'This payment has its outcome already'
      : 'The payment provider is completing this payment; it cannot be canceled now',
    { reason, invoice: toInvoice(row) },
  );

/**
 * PUT /api/payment/invoices/{id}/cancel: the player cancels their own purchase or deposit that
 * is still open. Idempotent: canceling a payment they canceled answers it again. If the provider
 * says it had succeeded, the invoice is credited as usual and answered (status 2).
 */
export const cancelInvoice =
  (deps: PaymentDeps, steps: PaymentSteps) =>
  async (actor: Actor, invoiceId: string): Promise<Invoice> => {
    const row = await deps.repo.findInvoice(invoiceId);
    // Another player's invoice, or a payout (withdrawals are declined, not canceled): not found.
    if (!row || row.playerId !== actor.playerId || !MONEY_IN_TYPES.includes(row.type)) {
      throw AppError.notFound('Invoice');
    }
    if (isFinalInvoiceStatus(row.status)) {
      if (row.failureCode === InvoiceFailureCode.CanceledByPlayer) return toInvoice(row);
      throw notCancelable('final', row);
    }
    const { invoice, answer } = await cancelThroughProvider(
      deps,
      steps,
      row,
      'requested_by_customer',
    ).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The payment provider cannot be reached; try again',
        {
          cause: err instanceof Error ? err.message : String(err),
        },
      );
    });
    if (invoice.status === InvoiceStatus.Rejected && answer.status === 'canceled') {
      return toInvoice(invoice);
    }
    if (answer.status === 'processing' && !isFinalInvoiceStatus(invoice.status)) {
      throw notCancelable('processing', invoice);
    }
    // The provider had an outcome already (a success is credited now, once): the invoice as it is.
    return toInvoice(invoice);
  };
