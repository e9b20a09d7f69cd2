import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BundlePurchaseList } from '@coinfall/shared/contracts/shop';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';

/**
 * GET /api/shop/purchases, paged (spec §9 allows perPage up to 1000). A failure is the tab's to
 * show with a retry, not a trip to /404; only the session's own failures leave the page.
 */
export const purchasesQuery = (page: number, perPage: number) =>
  queryOptions({
    queryKey: ['shop', 'purchases', page, perPage] as const,
    queryFn: async () => {
      try {
        return await apiClient().get<BundlePurchaseList>('/api/shop/purchases', {
          query: { page, perPage },
          skipGlobalHandler: true,
        });
      } catch (error) {
        routeSessionFailure(error);
        throw error;
      }
    },
  });

export function usePurchases(page: number, perPage: number) {
  return usePlayerQuery({ ...purchasesQuery(page, perPage), placeholderData: keepPreviousData });
}
