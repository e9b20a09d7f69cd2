import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditList, AuditQuery } from '@coinfall/shared/contracts/admin-audit';
import { staffApi, staffQueryClient } from './staff-client';

/** The audit trail search (GET /api/admin/audit), newest first. */
export function useAuditSearch(query: AuditQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'audit', query] as const,
      queryFn: () => staffApi.get<AuditList>('/api/admin/audit', { query: { ...query } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}
