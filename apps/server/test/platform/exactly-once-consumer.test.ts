import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.ts';
import { createConsumedEventsRepo } from '../../src/platform/events/consumed-events.repo.ts';
import {
  createExactlyOnceConsumer,
  type ConsumerBatchHandler,
} from '../../src/platform/events/exactly-once-consumer.ts';
import type { OutboxHandler } from '../../src/platform/events/outbox-dispatcher.ts';
import type { OutboxEvent } from '../../src/platform/events/outbox.repo.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The test's effect: one row per application of an event.
  await t.database.db.execute(
    sql`create table consumer_effects (event_id bigint not null, consumer text not null)`,
  );
});
afterAll(() => t.close());

const silent = { error: () => undefined };
const consumed = createConsumedEventsRepo();

function consumer(
  db: Database,
  name: string,
  fail?: (eventId: number) => boolean,
  applyMany?: ConsumerBatchHandler,
): OutboxHandler {
  return createExactlyOnceConsumer({
    name,
    db,
    consumed,
    log: silent,
    applyMany,
    handlers: {
      'kyc.player.updated': async (tx, event) => {
        await tx.execute(
          sql`insert into consumer_effects (event_id, consumer) values (${event.id}, ${name})`,
        );
        if (fail?.(event.id)) throw new Error('handler failed after its effect');
      },
    },
  });
}

/** Writes `n` kyc events to the outbox (they are real rows: the prune looks at them). */
async function recordEvents(n: number): Promise<OutboxEvent[]> {
  const playerId = randomUUID();
  const result: unknown = await t.database.db.execute(sql`
    insert into domain_events (type, player_id, payload)
    select 'kyc.player.updated', ${playerId}::uuid,
      jsonb_build_object('playerId', ${playerId}::text, 'kycVerified', true, 'status', 'pending')
    from generate_series(1, ${n}) returning id, type, player_id, payload, occurred_at`);
  return (result as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    playerId: String(r.player_id),
    payload: r.payload as Record<string, unknown>,
    occurredAt: new Date(String(r.occurred_at)),
  }));
}

async function effectsOf(name: string, events: OutboxEvent[]): Promise<number[]> {
  const result: unknown = await t.database.db.execute(sql`
    select event_id from consumer_effects where consumer = ${name}
      and event_id = any(${`{${events.map((e) => e.id).join(',')}}`}::bigint[])
    order by event_id`);
  return (result as { rows: { event_id: unknown }[] }).rows.map((r) => Number(r.event_id));
}

describe('exactly-once consumer', () => {
  it('applies a redelivered event once', async () => {
    const events = await recordEvents(3);
    const handle = consumer(t.database.db, 'test.redelivery');
    for (let round = 0; round < 3; round += 1) for (const e of events) await handle(e);
    expect(await effectsOf('test.redelivery', events)).toEqual(events.map((e) => e.id));
  });

  it('keys what was consumed per consumer: two consumers both apply the same event', async () => {
    const [event] = await recordEvents(1);
    await consumer(t.database.db, 'test.a')(event!);
    await consumer(t.database.db, 'test.b')(event!);
    expect(await effectsOf('test.a', [event!])).toEqual([event!.id]);
    expect(await effectsOf('test.b', [event!])).toEqual([event!.id]);
  });

  it('rolls the claim back with a failed effect, so the retry applies it', async () => {
    const [event] = await recordEvents(1);
    let failures = 1;
    const handle = consumer(t.database.db, 'test.retry', () => failures-- > 0);
    await expect(handle(event!)).rejects.toThrow('handler failed');
    expect(await effectsOf('test.retry', [event!])).toEqual([]);
    await handle(event!);
    await handle(event!);
    expect(await effectsOf('test.retry', [event!])).toEqual([event!.id]);
  });

  it('skips event types it does not listen to, and payloads that do not parse', async () => {
    const [event] = await recordEvents(1);
    const handle = consumer(t.database.db, 'test.skip');
    await handle({ ...event!, type: 'wallet.balance.updated' });
    await handle({ ...event!, payload: { playerId: 'not a uuid' } });
    expect(await effectsOf('test.skip', [event!])).toEqual([]);
  });

  it('applies each event once when two nodes deliver the same events at the same time', async () => {
    const events = await recordEvents(40);
    // On PostgreSQL a second connection pool plays the other node; PGlite has one connection.
    let other: DatabaseHandle | null = null;
    if (t.database.connectionString) {
      other = await openDatabase({
        databaseUrl: t.database.connectionString,
        pgliteDir: 'memory://',
        poolSize: 2,
      });
    }
    try {
      const a = consumer(t.database.db, 'test.race');
      const b = consumer(other?.db ?? t.database.db, 'test.race');
      const walk = async (handle: OutboxHandler) => {
        for (const e of events) await handle(e);
      };
      await Promise.all([walk(a), walk(b), walk(a)]);
      expect(await effectsOf('test.race', events)).toEqual(events.map((e) => e.id));
    } finally {
      await other?.close();
    }
  });

  it('prunes its bookkeeping only below the oldest event left in the outbox', async () => {
    const events = await recordEvents(4);
    const handle = consumer(t.database.db, 'test.prune');
    for (const e of events) await handle(e);
    const [first, second] = events;
    await t.database.db.execute(sql`delete from domain_events where id <= ${second!.id}`);
    while ((await consumed.prune(t.database.db, 2)) > 0);
    const result: unknown = await t.database.db.execute(
      sql`select event_id from consumed_events where consumer = 'test.prune' order by event_id`,
    );
    const left = (result as { rows: { event_id: unknown }[] }).rows.map((r) => Number(r.event_id));
    expect(left).toEqual(events.slice(2).map((e) => e.id));
    expect(left).not.toContain(first!.id);
    // Still consumed: a late redelivery of a kept event is skipped.
    await handle(events[3]!);
    expect(await effectsOf('test.prune', events)).toHaveLength(4);
  });

  describe('a read at once (decision 044)', () => {
    const batchOf = (handler: OutboxHandler) => handler.batch!;
    const effectsInOrder = async (name: string): Promise<number[]> => {
      const result: unknown = await t.database.db.execute(
        sql`select event_id from consumer_effects where consumer = ${name} order by ctid`,
      );
      return (result as { rows: { event_id: unknown }[] }).rows.map((r) => Number(r.event_id));
    };

    it('commits the events before a failing one, retries it and the rest, applies none twice', async () => {
      const events = await recordEvents(6);
      const failing = events[3]!.id;
      let failures = 1;
      const handle = consumer(
        t.database.db,
        'test.batch-fail',
        (id) => id === failing && failures-- > 0,
      );
      const first = await batchOf(handle)(events);
      expect(first.handled).toBe(3);
      expect(String(first.error)).toContain('handler failed');
      expect(await effectsOf('test.batch-fail', events)).toEqual(
        events.slice(0, 3).map((e) => e.id),
      );
      // The dispatcher reads from the failed event on; a redelivery of the whole read as well.
      expect((await batchOf(handle)(events.slice(3))).handled).toBe(3);
      expect((await batchOf(handle)(events)).handled).toBe(6);
      expect(await effectsOf('test.batch-fail', events)).toEqual(events.map((e) => e.id));
    });

    it('falls back from a failing set-based form to one event after the other', async () => {
      const events = await recordEvents(4);
      const failing = events[2]!.id;
      let seen: number[] = [];
      const handle = consumer(
        t.database.db,
        'test.batch-set',
        (id) => id === failing,
        async (tx, claimed) => {
          seen = claimed.map((e) => e.id);
          for (const e of claimed) {
            await tx.execute(
              sql`insert into consumer_effects (event_id, consumer) values (${e.id}, 'test.batch-set')`,
            );
          }
          throw new Error('set-based form failed');
        },
      );
      const outcome = await batchOf(handle)(events);
      // The set-based form got the read in id order; its effects rolled back with it.
      expect(seen).toEqual(events.map((e) => e.id));
      expect(outcome.handled).toBe(2);
      expect(await effectsOf('test.batch-set', events)).toEqual(
        events.slice(0, 2).map((e) => e.id),
      );
    });

    it("keeps the outbox order of a player's events, and a node dying mid-read loses none", async () => {
      const events = await recordEvents(8);
      // A node applies the read until the event at index 5 fails, then dies (nothing marked):
      // the next leader, a fresh consumer, gets the whole read again.
      const dying = consumer(t.database.db, 'test.batch-crash', (id) => id === events[5]!.id);
      expect((await batchOf(dying)(events)).handled).toBe(5);
      const next = consumer(t.database.db, 'test.batch-crash');
      expect((await batchOf(next)(events)).handled).toBe(8);
      expect(await effectsInOrder('test.batch-crash')).toEqual(events.map((e) => e.id));
    });

    it('applies each event once when two nodes take the same reads at the same time', async () => {
      const events = await recordEvents(30);
      let other: DatabaseHandle | null = null;
      if (t.database.connectionString) {
        other = await openDatabase({
          databaseUrl: t.database.connectionString,
          pgliteDir: 'memory://',
          poolSize: 2,
        });
      }
      try {
        const a = batchOf(consumer(t.database.db, 'test.batch-race'));
        const b = batchOf(consumer(other?.db ?? t.database.db, 'test.batch-race'));
        const outcomes = await Promise.all([
          a(events),
          b(events.slice(10)),
          b(events),
          a(events.slice(0, 20)),
        ]);
        expect(outcomes.map((o) => o.error)).toEqual([undefined, undefined, undefined, undefined]);
        expect(await effectsOf('test.batch-race', events)).toEqual(events.map((e) => e.id));
      } finally {
        await other?.close();
      }
    });
  });
});
