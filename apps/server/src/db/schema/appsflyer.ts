import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AppsFlyerDeliveryStatus, AppsFlyerEventValue } from '@coinfall/shared';
import { timestamptz } from './columns.ts';

/**
 * App conversions on their way to AppsFlyer (decision 048): one row per accepted event, written
 * by the outbox consumer and worked off by the sender with its own retries and backoff, so a slow
 * or absent AppsFlyer never holds up the outbox. Kept 30 days after the last attempt.
 */
export const appsFlyerDeliveries = pgTable(
  'appsflyer_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** domain_events.id of the appsflyer.event.accepted it came from: a redelivery adds nothing. */
    eventId: bigint('event_id', { mode: 'number' }).notNull().unique(),
    platform: text('platform').$type<'ios' | 'android'>().notNull(),
    appsFlyerId: text('appsflyer_id').notNull(),
    customerUserId: text('customer_user_id'),
    eventName: text('event_name').notNull(),
    eventValue: jsonb('event_value').$type<AppsFlyerEventValue>().notNull(),
    eventTime: timestamptz('event_time').notNull(),
    status: text('status').$type<AppsFlyerDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is next due; also the lease of a row being sent (see the repo). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('appsflyer_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('appsflyer_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * The sandbox AppsFlyer's log (SANDBOX on, no AppsFlyer configured; decision 019): each S2S body
 * the real provider would have posted, and to which app. Read by the operator under /api/dev.
 */
export const appsFlyerSandboxEvents = pgTable(
  'appsflyer_sandbox_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    appId: text('app_id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [index('appsflyer_sandbox_events_received_idx').on(t.receivedAt)],
);
