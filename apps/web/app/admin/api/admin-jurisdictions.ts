import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminJurisdictionPut,
  AdminJurisdictionQuery,
  AdminJurisdictionRule,
  AdminJurisdictionRuleList,
} from '@coinfall/shared/contracts/admin-jurisdictions';
import { staffApi, staffQueryClient } from './staff-client';

/** The jurisdiction rules a page at a time (GET /api/admin/jurisdictions), by country. */
export function useJurisdictionRules(query: AdminJurisdictionQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'jurisdictions', query] as const,
      queryFn: () =>
        staffApi.get<AdminJurisdictionRuleList>('/api/admin/jurisdictions', {
          query: { ...query },
        }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

/** Puts a place's rule from a date (the same place and date replaces it), with the reason. */
export async function putJurisdictionRule(
  body: AdminJurisdictionPut,
): Promise<AdminJurisdictionRule> {
  const rule = await staffApi.put<AdminJurisdictionRule>('/api/admin/jurisdictions', { body });
  await staffQueryClient.invalidateQueries({ queryKey: ['staff', 'jurisdictions'] });
  return rule;
}
