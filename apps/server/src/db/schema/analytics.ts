import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Events of the analytics ingest (modules/analytics, docs/decisions/027), as the Amplitude SDK
 * sent them (`event`) plus the columns the reports read. Partitioned by the UTC day of
 * `received_at` (migration 0019 declares it; drizzle-kit cannot): housekeeping creates the days
 * ahead and drops those past ANALYTICS_RETENTION_DAYS. No unique index, since one must hold the
 * partition key: `analytics_insert_ids` de-duplicates.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    /** The project whose api key sent it (config ANALYTICS_API_KEYS). */
    project: text('project').notNull(),
    insertId: text('insert_id'),
    eventType: text('event_type').notNull(),
    userId: text('user_id'),
    deviceId: text('device_id'),
    /** The SDK's session: its start in ms; -1 or absent outside a session. */
    sessionId: bigint('session_id', { mode: 'number' }),
    /** When it happened by the sender's clock (`time`), else when it arrived. */
    time: timestamptz('time').notNull(),
    /** When the ingest stored it: the partition key. */
    receivedAt: timestamptz('received_at').notNull(),
    event: jsonb('event').notNull(),
  },
  (t) => [index('analytics_events_project_time_idx').on(t.project, t.time)],
);

/**
 * The insert_ids seen in the last 7 days, one row each: the de-duplication of the ingest across
 * day partitions (an event is stored only if its id was new here). Pruned by housekeeping; the
 * BRIN index keeps that cheap on an append-only table.
 */
export const analyticsInsertIds = pgTable(
  'analytics_insert_ids',
  {
    project: text('project').notNull(),
    insertId: text('insert_id').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.project, t.insertId] }),
    index('analytics_insert_ids_received_idx').using('brin', t.receivedAt),
  ],
);

/** The name of a day partition of analytics_events: `analytics_events_p20261126`. */
export const ANALYTICS_PARTITION_PREFIX = 'analytics_events_p';
