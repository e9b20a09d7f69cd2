import { queryOptions } from '@tanstack/react-query';
import type { Currency } from '@coinfall/shared/contracts/core';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/core/currencies: the enabled currencies with their scale and rate. */
export const currenciesQuery = queryOptions({
  queryKey: ['core', 'currencies'] as const,
  queryFn: async () => (await apiClient().get<{ data: Currency[] }>('/api/core/currencies')).data,
  staleTime: 5 * 60_000,
});

export function useCurrencies() {
  return usePlayerQuery(currenciesQuery);
}
