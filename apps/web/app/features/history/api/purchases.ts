import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BundlePurchaseList } from '@coinfall/shared/contracts/shop';
import { playerQueryClient } from '../../player/player-queries';
import { apiClient } from '../../session/session';

/** GET /api/shop/purchases, paged (spec §9 allows perPage up to 1000). */
export const purchasesQuery = (page: number, perPage: number) =>
  queryOptions({
    queryKey: ['shop', 'purchases', page, perPage] as const,
    queryFn: () =>
      apiClient().get<BundlePurchaseList>('/api/shop/purchases', { query: { page, perPage } }),
  });

export function usePurchases(page: number, perPage: number) {
  return useQuery(
    { ...purchasesQuery(page, perPage), placeholderData: keepPreviousData },
    playerQueryClient,
  );
}
