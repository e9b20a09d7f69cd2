import { queryOptions } from '@tanstack/react-query';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient } from '../../../lib/session/session';

/** The invoice is not the player's, or does not exist (the API answers 404 for both). */
export const isInvoiceNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

/**
 * GET /api/payment/invoices/{id}. A failure is the caller's to show (a 404 is not a trip to
 * /404: the landing page says the invoice is unknown); only the session's own failures leave
 * the page.
 */
export async function fetchInvoice(id: string): Promise<Invoice> {
  try {
    return await apiClient().get<Invoice>(`/api/payment/invoices/${encodeURIComponent(id)}`, {
      skipGlobalHandler: true,
    });
  } catch (error) {
    routeSessionFailure(error);
    throw error;
  }
}

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['payment', 'invoice', id] as const,
    queryFn: () => fetchInvoice(id),
    staleTime: 0,
  });

/** The invoice `id` (undefined: nothing to read), read once; useInvoiceWatch polls it. */
export function useInvoice(id: string | undefined) {
  return usePlayerQuery({ ...invoiceQuery(id ?? ''), enabled: id !== undefined });
}
