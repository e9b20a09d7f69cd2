import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Which outbox events each exactly-once consumer has applied (platform/events/
 * exactly-once-consumer.ts, decision 028). The row is inserted in the same transaction as the
 * consumer's effect, so "applied" and "recorded as applied" commit together; the primary key makes
 * a second delivery (redelivery, or a second node racing) find it and skip. No foreign key to
 * domain_events: events are pruned, and these rows with them (below the oldest event left).
 */
export const consumedEvents = pgTable(
  'consumed_events',
  {
    /** domain_events.id */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The consumer's stable name, e.g. `retention.quests`. */
    consumer: text('consumer').notNull(),
    consumedAt: timestamptz('consumed_at').notNull().defaultNow(),
  },
  // event_id first: the prune walks it by range; the claim probes both columns.
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);
