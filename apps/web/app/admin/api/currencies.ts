import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@coinfall/shared/contracts/core';
import { staffApi, staffQueryClient } from './staff-client';

/** The currencies' scales (GET /api/core/currencies, public): amounts are shown in units. */
export function useCurrencies() {
  return useQuery(
    {
      queryKey: ['core', 'currencies'] as const,
      queryFn: async () => (await staffApi.get<{ data: Currency[] }>('/api/core/currencies')).data,
      staleTime: Infinity,
    },
    staffQueryClient,
  );
}
