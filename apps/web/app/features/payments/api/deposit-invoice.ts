import type { CreateDepositInvoiceBody, Invoice } from '@coinfall/shared/contracts/payment';
import { apiClient } from '../../../lib/session/session';
import { IDEMPOTENCY_KEY_HEADER } from '../payment-constants';

/** POST /api/payment/invoices/deposit: a card deposit (maybe 3-D Secure) or a crypto address. */
export function createDepositInvoice(
  body: CreateDepositInvoiceBody,
  idempotencyKey: string,
): Promise<Invoice> {
  return apiClient().post<Invoice>('/api/payment/invoices/deposit', {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    skipGlobalHandler: true,
  });
}
