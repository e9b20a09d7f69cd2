import { and, count, countDistinct, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { AMPLITUDE_PAGE_PATH, AMPLITUDE_PAGE_VIEWED } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { analyticsEvents as e } from '../../db/schema/index.ts';

/** A report's rows: events whose time falls in [start, end), of one project or all. */
export interface ReportRange {
  start: Date;
  end: Date;
  project: string | undefined;
}

const DAY_MS = 86_400_000;
const TOP_ROWS = 200;

/**
 * The range on `time`, plus a bound on the partition key so PostgreSQL reads only the days that
 * can hold such events: an event arrives at its time or later, give or take a day of skew of the
 * sender's clock.
 */
function inRange(range: ReportRange, ...more: SQL[]): SQL | undefined {
  return and(
    gte(e.time, range.start),
    lt(e.time, range.end),
    gte(e.receivedAt, new Date(range.start.getTime() - DAY_MS)),
    ...(range.project === undefined ? [] : [eq(e.project, range.project)]),
    ...more,
  );
}

const utcDay = sql<string>`to_char(${e.time} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The operator's reports, computed by SQL on analytics_events. */
export function createAnalyticsReportsRepo(db: Database) {
  return {
    activeByDay(range: ReportRange, tx: Database = db) {
      return tx
        .select({
          date: utcDay,
          players: countDistinct(e.userId),
          devices: countDistinct(e.deviceId),
        })
        .from(e)
        .where(inRange(range))
        .groupBy(utcDay);
    },

    /** Sessions: distinct (device — or user without one —, session_id) of a day's events. */
    sessionsByDay(range: ReportRange, tx: Database = db) {
      const session = sql`coalesce(${e.deviceId}, 'user:' || ${e.userId}) || ':' || ${e.sessionId}`;
      return tx
        .select({ date: utcDay, sessions: sql<number>`count(distinct ${session})::int` })
        .from(e)
        .where(inRange(range, gt(e.sessionId, 0)))
        .groupBy(utcDay);
    },

    pageViewsByPath(range: ReportRange, tx: Database = db) {
      // The key inline, not a parameter: select and group by must be the same expression.
      const key = sql.raw(`'${AMPLITUDE_PAGE_PATH.replaceAll("'", "''")}'`);
      const path = sql<string>`coalesce(${e.event} -> 'event_properties' ->> ${key}, '')`;
      return tx
        .select({ path, views: count(), devices: countDistinct(e.deviceId) })
        .from(e)
        .where(inRange(range, eq(e.eventType, AMPLITUDE_PAGE_VIEWED)))
        .groupBy(path)
        .orderBy(desc(count()), path)
        .limit(TOP_ROWS);
    },

    /**
     * One user id's latest events since `since` (no index on user_id: the bound keeps the scan
     * to the partitions of those days).
     */
    latestOfUser(userId: string, since: Date, limit: number, tx: Database = db) {
      return tx
        .select({
          eventType: e.eventType,
          time: e.time,
          deviceId: e.deviceId,
          sessionId: e.sessionId,
          eventProperties: sql<Record<string, unknown> | null>`${e.event} -> 'event_properties'`,
          userProperties: sql<Record<string, unknown> | null>`${e.event} -> 'user_properties'`,
          revenue: sql<string | null>`${e.event} ->> 'revenue'`,
        })
        .from(e)
        .where(and(eq(e.userId, userId), gte(e.receivedAt, since)))
        .orderBy(desc(e.time))
        .limit(limit);
    },

    eventsByType(range: ReportRange, tx: Database = db) {
      return tx
        .select({ eventType: e.eventType, events: count(), devices: countDistinct(e.deviceId) })
        .from(e)
        .where(inRange(range))
        .groupBy(e.eventType)
        .orderBy(desc(count()), e.eventType)
        .limit(TOP_ROWS);
    },
  };
}
export type AnalyticsReportsRepo = ReturnType<typeof createAnalyticsReportsRepo>;
