import type {
  AnalyticsReportQuery,
  DailyActivePlayers,
  DailySessions,
  EventsByType,
  PageViewsByPath,
  PlayerEvents,
} from '@coinfall/shared';
import type { AnalyticsReportsRepo, ReportRange } from './analytics-reports.repo.ts';

const DAY_MS = 86_400_000;

function rangeOf(query: AnalyticsReportQuery): ReportRange {
  const start = new Date(`${query.from}T00:00:00Z`);
  return {
    start,
    end: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
    project: query.project,
  };
}

/** Every day of the range in order, a day without events with zeros. */
function everyDay<T extends { date: string }>(
  range: ReportRange,
  rows: readonly T[],
  empty: (date: string) => T,
): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: T[] = [];
  for (let t = range.start.getTime(); t < range.end.getTime(); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push(byDate.get(date) ?? empty(date));
  }
  return days;
}

/** What the operator sees of the analytics events (docs/decisions/027). */
export function createAnalyticsReportsService(deps: { repo: AnalyticsReportsRepo }) {
  const { repo } = deps;
  return {
    async activePlayers(query: AnalyticsReportQuery): Promise<DailyActivePlayers> {
      const range = rangeOf(query);
      const rows = await repo.activeByDay(range);
      return { data: everyDay(range, rows, (date) => ({ date, players: 0, devices: 0 })) };
    },

    async sessions(query: AnalyticsReportQuery): Promise<DailySessions> {
      const range = rangeOf(query);
      const rows = await repo.sessionsByDay(range);
      return { data: everyDay(range, rows, (date) => ({ date, sessions: 0 })) };
    },

    async pageViews(query: AnalyticsReportQuery): Promise<PageViewsByPath> {
      return { data: await repo.pageViewsByPath(rangeOf(query)) };
    },

    /** A player's events of the last 7 days, newest first (at most 200). */
    async playerEvents(playerId: string, now = Date.now()): Promise<PlayerEvents> {
      const rows = await repo.latestOfUser(playerId, new Date(now - 7 * DAY_MS), 200);
      const record = (v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
      return {
        data: rows.map((r) => ({
          eventType: r.eventType,
          time: r.time.toISOString(),
          deviceId: r.deviceId,
          sessionId: r.sessionId === null ? null : Number(r.sessionId),
          eventProperties: record(r.eventProperties),
          userProperties: record(r.userProperties),
          revenue:
            r.revenue === null || !Number.isFinite(Number(r.revenue)) ? null : Number(r.revenue),
        })),
      };
    },

    async eventsByType(query: AnalyticsReportQuery): Promise<EventsByType> {
      return { data: await repo.eventsByType(rangeOf(query)) };
    },
  };
}
export type AnalyticsReportsService = ReturnType<typeof createAnalyticsReportsService>;
