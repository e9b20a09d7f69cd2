import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consumedEvents, domainEvents } from '../../db/schema/index.ts';

/** The bookkeeping of exactly-once consumers (decision 028): one row per consumer and event. */
export function createConsumedEventsRepo() {
  return {
    /**
     * Records that `consumer` applies event `eventId`, inside the transaction of its effect;
     * false when it already did. A second transaction claiming the same pair waits on the first's
     * uncommitted key: it gets false if that one commits, and the claim if it rolls back, so two
     * nodes never both apply an event.
     */
    async claim(tx: Database, consumer: string, eventId: number): Promise<boolean> {
      const rows = await tx
        .insert(consumedEvents)
        .values({ eventId, consumer })
        .onConflictDoNothing()
        .returning({ eventId: consumedEvents.eventId });
      return rows.length === 1;
    },

    /**
     * `claim` for a batch, in one statement: the ids (in the order given, which the caller keeps
     * ascending so two nodes wait on each other in one order, never in a cycle) that this
     * transaction claimed; the others were consumed already. Waits as `claim` does.
     */
    async claimMany(tx: Database, consumer: string, eventIds: number[]): Promise<Set<number>> {
      if (eventIds.length === 0) return new Set();
      const claimed: unknown = await tx.execute(sql`
        insert into ${consumedEvents} (event_id, consumer)
        select id, ${consumer} from unnest(${`{${eventIds.join(',')}}`}::bigint[])
          with ordinality as e(id, n)
        order by e.n
        on conflict do nothing
        returning event_id`);
      return new Set(
        (claimed as { rows: { event_id: unknown }[] }).rows.map((r) => Number(r.event_id)),
      );
    },

    /**
     * Deletes up to `limit` rows of events older than the oldest one left in the outbox: those
     * events were pruned, so they can never be delivered again. Returns how many went.
     */
    async prune(tx: Database, limit: number): Promise<number> {
      // No event left: every row is of a pruned event (a new one gets a higher id).
      const oldest = sql`coalesce((select min(${domainEvents.id}) from ${domainEvents}), 9223372036854775807)`;
      // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
      const deleted: unknown = await tx.execute(sql`
        delete from ${consumedEvents}
        where (event_id, consumer) in (
          select event_id, consumer from ${consumedEvents}
          where event_id < ${oldest}
          order by event_id
          limit ${limit})
        returning event_id`);
      return (deleted as { rows: unknown[] }).rows.length;
    },
  };
}
export type ConsumedEventsRepo = ReturnType<typeof createConsumedEventsRepo>;
