import { queryOptions } from '@tanstack/react-query';
import type { Country } from '@coinfall/shared/contracts/core';
import type { Locale } from '@coinfall/shared/locales';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/core/countries?locale: ISO 3166-1 countries named in the player's language. */
export const countriesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['core', 'countries', locale] as const,
    queryFn: async () =>
      (await apiClient().get<{ data: Country[] }>('/api/core/countries', { query: { locale } }))
        .data,
    staleTime: Infinity,
  });

export function useCountries(locale: Locale) {
  return usePlayerQuery(countriesQuery(locale));
}
