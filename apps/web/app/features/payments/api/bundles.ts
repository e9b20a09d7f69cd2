import { queryOptions } from '@tanstack/react-query';
import type { BundleList } from '@coinfall/shared/contracts/shop';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** Spec §7/§9: active bundles, perPage 1000 (the whole shop in one page). */
export const bundlesQuery = queryOptions({
  queryKey: ['shop', 'bundles'] as const,
  queryFn: async () =>
    (
      await apiClient().get<BundleList>('/api/shop/bundles', {
        query: { active: 1, perPage: 1000 },
        skipGlobalHandler: true,
      })
    ).data,
  staleTime: 5 * 60_000,
});

export function useBundles() {
  return usePlayerQuery(bundlesQuery);
}
