import { InvoiceType } from '@coinfall/shared/constants';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { ANALYTICS_EVENTS } from './analytics-settings.ts';
import { track } from './track.ts';

/** Minor units per unit of a fiat price (the cashier's purchases and deposits are in cents). */
const MINOR_PER_UNIT = 100;

/**
 * A purchase or deposit that succeeded, with Amplitude's revenue fields (price × quantity =
 * revenue, in the invoice's currency; the product is the bundle purchase when there is one).
 */
export function trackInvoiceSucceeded(invoice: Invoice): void {
  const isPurchase = invoice.type === InvoiceType.Purchase;
  if (!isPurchase && invoice.type !== InvoiceType.Deposit) return;
  const price = invoice.amount / MINOR_PER_UNIT;
  track(
    isPurchase ? ANALYTICS_EVENTS.purchase : ANALYTICS_EVENTS.deposit,
    {
      invoiceId: invoice.id,
      currency: invoice.currency,
      amountMinor: invoice.amount,
      paymentMethod: invoice.paymentMethod?.type ?? null,
    },
    {
      price,
      quantity: 1,
      revenue: price,
      productId: invoice.purchaseId ?? `deposit:${invoice.currency}`,
      revenueType: isPurchase ? 'purchase' : 'deposit',
    },
  );
}
