import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsReportQuery,
  DailyActivePlayers,
  DailySessions,
  EventsByType,
  PageViewsByPath,
} from '@coinfall/shared/contracts/analytics';
import type { AttributionFunnel } from '@coinfall/shared/contracts/attribution';
import { staffApi, staffQueryClient } from './staff-client';

/** The analytics reports under /api/admin/analytics (analytics.read), by their path. */
interface AnalyticsReports {
  'active-players': DailyActivePlayers;
  sessions: DailySessions;
  'page-views': PageViewsByPath;
  events: EventsByType;
  funnel: AttributionFunnel;
}

/** One analytics report (GET /api/admin/analytics/{report}) over a range of UTC days. */
export function useAnalyticsReport<R extends keyof AnalyticsReports>(
  report: R,
  range: Pick<AnalyticsReportQuery, 'from' | 'to'>,
) {
  return useQuery(
    {
      queryKey: ['staff', 'analytics', report, range] as const,
      queryFn: () =>
        staffApi.get<AnalyticsReports[R]>(`/api/admin/analytics/${report}`, {
          query: { ...range },
        }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}
