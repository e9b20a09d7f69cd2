import type { CreatePurchaseInvoiceBody, Invoice } from '@coinfall/shared/contracts/payment';
import { apiClient } from '../../../lib/session/session';
import { IDEMPOTENCY_KEY_HEADER } from '../payment-constants';

/** POST /api/payment/invoices/purchase: pays a started purchase with a method. */
export function createPurchaseInvoice(
  body: CreatePurchaseInvoiceBody,
  idempotencyKey: string,
): Promise<Invoice> {
  return apiClient().post<Invoice>('/api/payment/invoices/purchase', {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    skipGlobalHandler: true,
  });
}
