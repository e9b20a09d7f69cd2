import type { AdminInvoiceRefund } from '@coinfall/shared';
import { PLAYER_EXCLUDED_FAILURE } from '../payment/payment.fns.ts';

/** The refund columns of an invoice row (migration 0036). */
export interface RefundColumns {
  failureCode: string | null;
  refundStatus: 'refunded' | 'not_refundable' | null;
  refundRef: string | null;
  refundAnsweredAt: Date | null;
}

/**
 * What the back office shows of a purchase's refund (decision 046): only a purchase refused for
 * an exclusion is refunded — `due` until the refund job has the provider's answer, then that
 * answer with its reference (refund reference or reason). Null for every other invoice.
 */
export function refundOf(row: RefundColumns): AdminInvoiceRefund | null {
  if (row.refundStatus) {
    return {
      status: row.refundStatus,
      reference: row.refundRef,
      answeredAt: row.refundAnsweredAt?.toISOString() ?? null,
    };
  }
  if (row.failureCode !== PLAYER_EXCLUDED_FAILURE) return null;
  return { status: 'due', reference: null, answeredAt: null };
}
