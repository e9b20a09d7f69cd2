import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminReport, AdminReportQuery } from '@coinfall/shared/contracts/admin-reports';
import { staffApi, staffQueryClient } from './staff-client';

/** The daily report (GET /api/admin/reports/daily): every UTC day of the range, per currency. */
export function useDailyReport(range: AdminReportQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'reports', 'daily', range] as const,
      queryFn: () => staffApi.get<AdminReport>('/api/admin/reports/daily', { query: { ...range } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}
