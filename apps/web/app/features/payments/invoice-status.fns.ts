import { InvoiceStatus } from '@coinfall/shared/constants';

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
