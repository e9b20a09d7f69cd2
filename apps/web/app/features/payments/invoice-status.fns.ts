import { InvoiceStatus, InvoiceType } from '@coinfall/shared/constants';

/** Spec §4: 2 success, 3 rejected, 4 processing, anything else pending. */
export type InvoiceStatusName = 'success' | 'rejected' | 'processing' | 'pending';

/** The one reading of an invoice status on the site (history rows, payment outcomes, polling). */
export function invoiceStatusName(status: number): InvoiceStatusName {
  switch (status) {
    case InvoiceStatus.Success:
      return 'success';
    case InvoiceStatus.Rejected:
      return 'rejected';
    case InvoiceStatus.Processing:
      return 'processing';
    default:
      return 'pending';
  }
}

/**
 * What a rejected invoice is called on the return pages: a payout (withdrawal, redemption) was
 * not paid out, a card payment was declined by the bank, any other payment simply failed. A
 * card's words ("your card was declined") on a crypto withdrawal told the player a falsehood.
 */
export type RejectionKind = 'payout' | 'card' | 'payment';

export function rejectionKindOf(invoice: {
  type: number;
  paymentMethod: { type: string } | null;
}): RejectionKind {
  if (invoice.type === InvoiceType.Withdrawal || invoice.type === InvoiceType.VirtualPayout)
    return 'payout';
  return invoice.paymentMethod?.type === 'card' ? 'card' : 'payment';
}
