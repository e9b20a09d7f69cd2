import { and, asc, count, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/prepared.ts';
import type { DomainEventPayloads, DomainEventType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';
import { noteEventRecorded } from './outbox-commits.ts';

export { noteEventRecorded };

/** One event as a service records it. */
export interface DomainEventInput<T extends DomainEventType> {
  type: T;
  /** The player the event concerns; null for public events (winners, activity board). */
  playerId: string | null;
  payload: DomainEventPayloads[T];
}

/** An outbox row as the dispatcher hands it to handlers. */
export interface OutboxEvent {
  id: number;
  type: string;
  playerId: string | null;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * The outbox insert of a writer that records its events inside a larger statement (a CTE of the
 * ledger's posting, of a round's insert), so the event costs no extra round trip on the hottest
 * statements. `rows` is the rest of an `INSERT … SELECT`: each row it selects is one event of
 * `type`, concerning `playerId` (SQL, uuid or null) with `payload` (SQL, jsonb). The payload's
 * shape is the writer's to keep; the outbox-writers test parses it with the shared schema.
 * Such statements are built once, at import: the code that runs one calls `noteEventRecorded()`
 * in its transaction, so the commit wakes delivery (decision 051).
 */
export function recordEventsSql(
  type: DomainEventType,
  rows: { playerId: SQL; payload: SQL; from: SQL },
): SQL {
  // The type is a constant of the closed union, inlined so the statement stays one text.
  return sql`insert into ${domainEvents} (${sql.identifier(domainEvents.type.name)}, ${sql.identifier(
    domainEvents.playerId.name,
  )}, ${sql.identifier(domainEvents.payload.name)})
    select ${sql.raw(`'${type}'`)}, ${rows.playerId}, ${rows.payload} ${rows.from}`;
}

/**
 * The one door for domain events (docs/decisions/018): services record through `record`, the
 * dispatcher (outbox-dispatcher.ts) reads and marks the rest.
 */
export function createOutboxRepo(db: Database) {
  return {
    /**
     * Writes an event inside the caller's transaction, so it exists exactly when the change it
     * describes commits. The dispatcher delivers it after the commit, at least once and in id
     * order: woken by the commit on this node (outbox-commits.ts), else at its next poll.
     */
    async record<T extends DomainEventType>(
      tx: Database,
      event: DomainEventInput<T>,
    ): Promise<void> {
      noteEventRecorded();
      await tx.insert(domainEvents).values({
        type: event.type,
        playerId: event.playerId,
        payload: event.payload,
      });
    },

    /** `record` for many events of one change (a batch job's), in one statement. */
    async recordMany<T extends DomainEventType>(
      tx: Database,
      events: DomainEventInput<T>[],
    ): Promise<void> {
      if (events.length === 0) return;
      noteEventRecorded();
      // One JSON parameter, not three per row: a thousand events bind and plan as one value.
      const rows = JSON.stringify(
        events.map((e) => ({ type: e.type, player_id: e.playerId, payload: e.payload })),
      );
      // Ids follow the array's order: a channel's events are delivered in id order.
      await tx.execute(sql`insert into ${domainEvents} (type, player_id, payload)
        select e.type, e.player_id, e.payload
        from rows from (
          jsonb_to_recordset(${rows}::jsonb) as (type text, player_id uuid, payload jsonb)
        ) with ordinality as e(type, player_id, payload, n)
        order by e.n`);
    },

    /** The oldest undispatched events, in id order (served by the partial index on them). */
    async listUndispatched(limit: number, tx: Database = db): Promise<OutboxEvent[]> {
      return tx
        .select({
          id: domainEvents.id,
          type: domainEvents.type,
          playerId: domainEvents.playerId,
          payload: domainEvents.payload,
          occurredAt: domainEvents.occurredAt,
        })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.id))
        .limit(limit);
    },

    async markDispatched(ids: number[], tx: Database = db): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(domainEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(and(anyOf(domainEvents.id, ids, 'bigint'), isNull(domainEvents.dispatchedAt)));
    },

    /**
     * Deletes up to `limit` dispatched events that occurred before `cutoff`; returns how many.
     * occurred_at has no index, but it is set at insert like the id, so the first row by primary
     * key is (about) the oldest: looking at it first makes the usual answer, "nothing that old",
     * one index probe instead of a walk of the whole table.
     */
    async pruneDispatched(cutoff: Date, limit: number, tx: Database = db): Promise<number> {
      const [oldest] = await tx
        .select({ occurredAt: domainEvents.occurredAt })
        .from(domainEvents)
        .orderBy(asc(domainEvents.id))
        .limit(1);
      if (!oldest || oldest.occurredAt >= cutoff) return 0;
      const old = tx
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(isNotNull(domainEvents.dispatchedAt), lt(domainEvents.occurredAt, cutoff)))
        .orderBy(asc(domainEvents.id))
        .limit(limit);
      const deleted = await tx
        .delete(domainEvents)
        .where(inArray(domainEvents.id, old))
        .returning({ id: domainEvents.id });
      return deleted.length;
    },

    /** Undispatched events left (tests and health). */
    async countUndispatched(tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt));
      return row?.n ?? 0;
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
/** What a service that emits events depends on. */
export type OutboxRecorder = Pick<OutboxRepo, 'record'>;
