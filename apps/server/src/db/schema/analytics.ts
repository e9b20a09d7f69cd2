import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * Accepted events on their way to a real Amplitude project (decision 054): one row per ingest
 * request whose events were new, written in the ingest's own statement — so an acknowledged event
 * always has its row — and only while forwarding is on. The sender posts the events in batches
 * and deletes the row once Amplitude took them; a row it gave up on stays `failed` 30 days.
 */
export const analyticsForwardBatches = pgTable(
  'analytics_forward_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    project: text('project').notNull(),
    /** The events as stored, each with an insert_id (one made up for those sent without). */
    events: jsonb('events').$type<Record<string, unknown>[]>().notNull(),
    eventCount: integer('event_count').notNull(),
    status: text('status').$type<'pending' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is next due; also the lease of a row being sent. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('analytics_forward_batches_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The sandbox Amplitude's log (SANDBOX on, no AMPLITUDE_FORWARD_API_KEY; decision 019): each
 * batch the real forwarder would have posted and what the sandbox answered (a status scripted by
 * the operator, else 200). Read by the operator under /api/dev/analytics/forwarded.
 */
export const amplitudeSandboxPosts = pgTable(
  'amplitude_sandbox_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    status: integer('status').notNull(),
    /** The body as it would have been posted, the api key left out. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [index('amplitude_sandbox_posts_received_idx').on(t.receivedAt)],
);
