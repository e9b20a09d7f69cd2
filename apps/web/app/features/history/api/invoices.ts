import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InvoiceList } from '@coinfall/shared/contracts/payment';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { hasOpenInvoices } from '../history.fns';

export interface InvoiceFilter {
  types?: readonly number[];
  statuses?: readonly number[];
  page: number;
  perPage: number;
}

/** How often an open invoice on screen is read again, so a review outcome shows up. */
export const OPEN_INVOICE_POLL_MS = 15_000;

/**
 * GET /api/payment/invoices with type/status filters, paged. The server reads a repeated or
 * comma-separated list, so lists go comma-separated (the client's default is `type[]=`).
 */
export const invoicesQuery = (filter: InvoiceFilter) =>
  queryOptions({
    queryKey: ['payment', 'invoices', 'list', filter] as const,
    queryFn: () =>
      apiClient().get<InvoiceList>('/api/payment/invoices', {
        query: {
          type: filter.types?.length ? filter.types.join(',') : undefined,
          status: filter.statuses?.length ? filter.statuses.join(',') : undefined,
          page: filter.page,
          perPage: filter.perPage,
        },
      }),
  });

/** The page, read again every OPEN_INVOICE_POLL_MS while it shows a pending/processing invoice. */
export function useInvoices(filter: InvoiceFilter) {
  return usePlayerQuery({
    ...invoicesQuery(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      hasOpenInvoices(query.state.data?.data ?? []) ? OPEN_INVOICE_POLL_MS : false,
  });
}
