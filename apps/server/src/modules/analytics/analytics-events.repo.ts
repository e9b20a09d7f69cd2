import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runPrepared, toPrepared } from '../../db/prepared.ts';
import {
  ANALYTICS_PARTITION_PREFIX,
  analyticsEvents,
  analyticsForwardBatches,
  analyticsInsertIds,
} from '../../db/schema/index.ts';

/**
 * One request's events in one statement: the body's `events` (the request text as received,
 * parsed here by PostgreSQL, so Node never serialises an event again), each insert_id claimed
 * in analytics_insert_ids first; an event whose id was already there (a retry, a duplicate in
 * the batch) is not stored again. Events without an insert_id are stored as they come.
 */
const CHOSEN = sql`
  input as (
    select e, n from jsonb_array_elements(${sql.placeholder('body')}::jsonb -> 'events')
      with ordinality as t(e, n)
  ),
  fresh as (
    insert into ${analyticsInsertIds} (project, insert_id, received_at)
    select distinct ${sql.placeholder('project')}, e ->> 'insert_id',
      ${sql.placeholder('receivedAt')}::timestamptz
    from input where e ->> 'insert_id' is not null
    on conflict do nothing
    returning insert_id
  ),
  chosen as (
    (select distinct on (i.e ->> 'insert_id') i.e, i.n
      from input i join fresh f on f.insert_id = i.e ->> 'insert_id'
      order by i.e ->> 'insert_id', i.n)
    union all
    (select e, n from input where e ->> 'insert_id' is null)
  )`;
const INSERT_EVENTS = sql`
  insert into ${analyticsEvents}
    (project, insert_id, event_type, user_id, device_id, session_id, time, received_at, event)
  select ${sql.placeholder('project')}, e ->> 'insert_id', e ->> 'event_type',
    nullif(e ->> 'user_id', ''), nullif(e ->> 'device_id', ''),
    -- Through numeric: JSON's 5.0 is the integer the checks accepted, and bigint refuses its text.
    (e ->> 'session_id')::numeric::bigint,
    coalesce(to_timestamp((e ->> 'time')::numeric::bigint / 1000.0),
      ${sql.placeholder('receivedAt')}::timestamptz),
    ${sql.placeholder('receivedAt')}::timestamptz, e
  from chosen`;
const INSERT_STATEMENT = sql`with ${CHOSEN} ${INSERT_EVENTS}`;
/**
 * The same, and the new events queued for forwarding to Amplitude (decision 054) in the same
 * statement: an acknowledged event is always queued. An event the sender sent without an
 * insert_id gets one here, once, so Amplitude de-duplicates the forwarder's retries too.
 */
const INSERT_AND_QUEUE_STATEMENT = sql`
  with ${CHOSEN},
  stored as (${INSERT_EVENTS})
  insert into ${analyticsForwardBatches} (project, events, event_count)
  select ${sql.placeholder('project')},
    jsonb_agg(case when e ? 'insert_id' then e
      else e || jsonb_build_object('insert_id', gen_random_uuid()::text) end order by n),
    count(*)
  from chosen
  having count(*) > 0`;
const INSERT_QUERY = toPrepared(INSERT_STATEMENT);
const INSERT_AND_QUEUE_QUERY = toPrepared(INSERT_AND_QUEUE_STATEMENT);

/** A day partition's name and the UTC day it holds (`2026-11-26`). */
export interface DayPartition {
  name: string;
  day: string;
}

const partitionName = (day: string) => `${ANALYTICS_PARTITION_PREFIX}${day.replaceAll('-', '')}`;
const dayOf = (name: string): string | null => {
  const digits = name.slice(ANALYTICS_PARTITION_PREFIX.length);
  return /^\d{8}$/.test(digits)
    ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`
    : null;
};

/** Rows a statement wrote: node-postgres says rowCount, PGlite affectedRows. */
function affectedRows(result: unknown): number {
  const { rowCount, affectedRows: affected } = result as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return rowCount ?? affected ?? 0;
}

/** The only place that writes analytics events and manages their partitions. */
export function createAnalyticsEventsRepo() {
  return {
    /**
     * Stores a checked request's events (those not seen in 7 days), and queues them for
     * forwarding when `forward` is on.
     */
    async insertBatch(
      tx: Database,
      values: { project: string; body: string; receivedAt: Date; forward: boolean },
    ): Promise<void> {
      const [query, name] = values.forward
        ? [INSERT_AND_QUEUE_QUERY, 'analytics_insert_forward_v1']
        : [INSERT_QUERY, 'analytics_insert_v2'];
      // Named: node-postgres plans it once per connection.
      await runPrepared(tx, query, name, {
        body: values.body,
        project: values.project,
        receivedAt: values.receivedAt.toISOString(),
      });
    },

    async listPartitions(tx: Database): Promise<DayPartition[]> {
      // Both drivers answer raw SQL with `{ rows }`.
      const result: unknown = await tx.execute(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'analytics_events'::regclass`);
      return (result as { rows: { name: string }[] }).rows.flatMap((row) => {
        const day = dayOf(row.name);
        return day ? [{ name: row.name, day }] : [];
      });
    },

    /** The partition of one UTC day; a no-op when another node created it first. */
    async createPartition(tx: Database, day: string): Promise<void> {
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
      await tx.execute(
        sql.raw(
          `create table if not exists "${partitionName(day)}" partition of "analytics_events" ` +
            `for values from ('${day}T00:00:00Z') to ('${next}')`,
        ),
      );
    },

    async dropPartition(tx: Database, partition: DayPartition): Promise<void> {
      await tx.execute(sql.raw(`drop table if exists "${partition.name}"`));
    },

    /** Forgets insert_ids received before `before`; how many. */
    async pruneInsertIds(tx: Database, before: Date): Promise<number> {
      const result = await tx.execute(
        sql`delete from ${analyticsInsertIds} where received_at < ${before.toISOString()}::timestamptz`,
      );
      return affectedRows(result);
    },

    /**
     * Serialises housekeeping across nodes for the rest of the transaction. The two-key form is
     * a lock space of its own: the single keys 7_320_114/115 are the migrations' and the outbox
     * leader's.
     */
    async lockHousekeeping(tx: Database): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(7320114, 20)`);
    },
  };
}
export type AnalyticsEventsRepo = ReturnType<typeof createAnalyticsEventsRepo>;
