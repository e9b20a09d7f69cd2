import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminBigDepositList,
  AdminBigDepositQuery,
  AdminReport,
  AdminReportQuery,
} from '@coinfall/shared/contracts/admin-reports';
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

/** The big-deposit alerts (GET /api/admin/big-deposits), newest first. */
export function useBigDeposits(query: AdminBigDepositQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'big-deposits', query] as const,
      queryFn: () =>
        staffApi.get<AdminBigDepositList>('/api/admin/big-deposits', { query: { ...query } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}
