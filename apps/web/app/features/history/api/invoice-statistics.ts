import { queryOptions } from '@tanstack/react-query';
import type { InvoiceStatistics } from '@coinfall/shared/contracts/payment';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/payment/invoices/statistics: counts, sums and the last of each kind of movement. */
export const invoiceStatisticsQuery = queryOptions({
  queryKey: ['payment', 'invoices', 'statistics'] as const,
  queryFn: () => apiClient().get<InvoiceStatistics>('/api/payment/invoices/statistics'),
});

export function useInvoiceStatistics() {
  return usePlayerQuery(invoiceStatisticsQuery);
}
