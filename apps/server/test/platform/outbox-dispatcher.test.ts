import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { domainEvents } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/platform/errors.ts';
import {
  createOutboxDispatcher,
  type OutboxDispatcher,
} from '../../src/platform/events/outbox-dispatcher.ts';
import { createEmbeddedLeadership } from '../../src/platform/events/outbox-leadership.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { createDispatcherFor } from '../../src/platform/events/outbox.wiring.ts';

// The dispatcher's own rules (backoff, poison, prune) with short timings, on an embedded
// database of its own so no app dispatcher competes for the rows.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());

const logs: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
const log = {
  info: (obj: object, msg: string) => logs.push({ level: 'info', msg, obj: { ...obj } }),
  warn: (obj: object, msg: string) => logs.push({ level: 'warn', msg, obj: { ...obj } }),
  error: (obj: object, msg: string) => logs.push({ level: 'error', msg, obj: { ...obj } }),
};

let dispatcher: OutboxDispatcher | null = null;
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = null;
  await database.db.update(domainEvents).set({ dispatchedAt: sql`now()` });
});

async function record(n: number): Promise<number[]> {
  const playerId = randomUUID();
  const outbox = createOutboxRepo(database.db);
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < n; i += 1) {
      await outbox.record(tx, {
        type: 'kyc.player.updated',
        playerId,
        payload: { playerId, kycVerified: false, status: 'pending' },
      });
    }
  });
  const rows = await database.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(eq(domainEvents.playerId, playerId))
    .orderBy(domainEvents.id);
  return rows.map((r) => r.id);
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('outbox dispatcher', () => {
  it('retries a failing event with growing delays, then skips a poison event loudly', async () => {
    const ids = await record(3);
    const poison = ids[1]!;
    const calls: { id: number; at: number }[] = [];
    dispatcher = createDispatcherFor(database, log, { retryMs: 30, maxAttempts: 3 });
    dispatcher.on(async (event) => {
      calls.push({ id: event.id, at: performance.now() });
      if (event.id === poison) throw new Error('always fails');
    });
    await dispatcher.start();
    await until(() => calls.some((c) => c.id === ids[2]));

    expect(calls.map((c) => c.id)).toEqual([ids[0], poison, poison, poison, ids[2]]);
    const [, a1, a2, a3] = calls.map((c) => c.at);
    // Backoff 30 ms then 60 ms (timers may run late, never early).
    expect(a2! - a1!).toBeGreaterThanOrEqual(25);
    expect(a3! - a2!).toBeGreaterThanOrEqual(55);
    expect(logs.filter((l) => l.level === 'warn' && l.obj.eventId === poison)).toHaveLength(2);
    expect(logs.find((l) => l.level === 'error')).toMatchObject({
      msg: expect.stringContaining('POISON') as string,
      obj: { eventId: poison, attempts: 3 },
    });
    await dispatcher.idle();
    expect(await createOutboxRepo(database.db).countUndispatched()).toBe(0);
  });

  it('waits out a dependency that is unavailable without ever skipping the event, in order', async () => {
    const ids = await record(2);
    let down = true;
    const delivered: number[] = [];
    let failures = 0;
    dispatcher = createDispatcherFor(database, log, {
      retryMs: 5,
      maxAttempts: 2,
      maxUnavailableRetryMs: 20,
    });
    dispatcher.on(async (event) => {
      if (down) {
        failures += 1;
        throw new AppError('SERVICE_UNAVAILABLE', 'Redis is down');
      }
      delivered.push(event.id);
    });
    logs.length = 0;
    await dispatcher.start();
    // Far more failures than maxAttempts: none of them counts against the event.
    await until(() => failures >= 10);
    expect(delivered).toEqual([]);
    down = false;
    await until(() => delivered.length === 2);
    expect(delivered).toEqual(ids);
    expect(logs.filter((l) => l.level === 'error')).toEqual([]);
    expect(logs.filter((l) => l.msg.includes('waits'))).toHaveLength(1);
    expect(logs.some((l) => l.msg === 'outbox delivery resumed')).toBe(true);
  });

  it('drains a burst batch after batch, without waiting a poll interval between batches', async () => {
    const delivered: number[] = [];
    dispatcher = createDispatcherFor(database, log, { batchSize: 10, pollMs: 100 });
    dispatcher.on(async (event) => {
      delivered.push(event.id);
    });
    await dispatcher.start();
    await dispatcher.idle();
    const ids = await record(200);
    const committed = performance.now();
    await until(() => delivered.length >= 200);
    const took = performance.now() - committed;
    expect(delivered).toEqual(ids);
    // 20 batches: waiting the interval after each would take 2 s; draining takes one wait for
    // the first read (≤ 100 ms) and then only the reads themselves.
    expect(took).toBeLessThan(1000);
  });

  it('polls an idle outbox about once per interval, and not at all once stopped', async () => {
    let reads = 0;
    dispatcher = createOutboxDispatcher({
      repo: {
        listUndispatched: async () => {
          reads += 1;
          return [];
        },
        markDispatched: async () => undefined,
        pruneDispatched: async () => 0,
      },
      leadership: createEmbeddedLeadership(),
      log,
      pollMs: 50,
    });
    await dispatcher.start();
    await new Promise((r) => setTimeout(r, 500));
    // ~10 reads in 500 ms at 50 ms (timers run late on a busy machine, never early).
    expect(reads).toBeGreaterThanOrEqual(4);
    expect(reads).toBeLessThanOrEqual(11);
    await dispatcher.stop();
    const after = reads;
    await new Promise((r) => setTimeout(r, 150));
    expect(reads).toBe(after);
  });

  it('prunes dispatched events older than 7 days, keeps newer and undispatched ones', async () => {
    // Ids follow occurred_at (both are set at insert), which the prune relies on: start afresh.
    await database.db.delete(domainEvents);
    const [old, recent, pendingOld] = await record(3);
    await database.db
      .update(domainEvents)
      .set({ occurredAt: sql`now() - interval '8 days'`, dispatchedAt: sql`now()` })
      .where(eq(domainEvents.id, old!));
    await database.db
      .update(domainEvents)
      .set({ occurredAt: sql`now() - interval '6 days'`, dispatchedAt: sql`now()` })
      .where(eq(domainEvents.id, recent!));
    await database.db
      .update(domainEvents)
      .set({ occurredAt: sql`now() - interval '8 days'` })
      .where(eq(domainEvents.id, pendingOld!));
    const repo = createOutboxRepo(database.db);
    expect(await repo.pruneDispatched(new Date(Date.now() - 7 * 86_400_000), 100)).toBe(1);
    const left = await database.db.select({ id: domainEvents.id }).from(domainEvents);
    expect(left.map((r) => r.id)).not.toContain(old);
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([recent, pendingOld]));
  });

  it('runs housekeeping jobs when it takes the lead, and stops without leaving work behind', async () => {
    let jobs = 0;
    dispatcher = createDispatcherFor(database, log, {
      housekeeping: [
        async () => {
          jobs += 1;
        },
      ],
    });
    await dispatcher.start();
    await until(() => jobs === 1);
    expect(dispatcher.isLeader()).toBe(true);
    await dispatcher.stop();
    expect(dispatcher.isLeader()).toBe(false);
    const delivered: number[] = [];
    dispatcher.on(async (e) => {
      delivered.push(e.id);
    });
    await record(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(delivered).toEqual([]);
  });

  it('logs and counts once an event whose payload does not parse, delivers it and the ones behind it', async () => {
    const [before] = await record(1);
    // A writer that drifted: a kyc event without its status, and a type nobody declares.
    const [bad, unknown] = await database.db
      .insert(domainEvents)
      .values([
        { type: 'kyc.player.updated', playerId: null, payload: { playerId: 'nobody' } },
        { type: 'no.such.event', playerId: null, payload: {} },
      ])
      .returning({ id: domainEvents.id });
    const [after] = await record(1);
    const delivered: number[] = [];
    dispatcher = createDispatcherFor(database, log, { retryMs: 5 });
    // The first event fails once: the retry reads the malformed ones again, logged only once.
    let failedOnce = false;
    dispatcher.on(async (event) => {
      if (event.id === before && !failedOnce) {
        failedOnce = true;
        throw new Error('a passing failure');
      }
      delivered.push(event.id);
    });
    await dispatcher.start();
    await until(() => delivered.includes(after!));

    expect(delivered).toEqual([before, bad!.id, unknown!.id, after]);
    expect(dispatcher.malformedCount()).toBe(2);
    const malformed = logs.filter((l) => l.msg.includes('MALFORMED'));
    expect(malformed.map((l) => l.level)).toEqual(['error', 'error']);
    expect(malformed[0]!.obj).toMatchObject({ eventId: bad!.id, type: 'kyc.player.updated' });
    expect(malformed[0]!.obj.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ['playerId'] })]),
    );
    expect(malformed[1]!.obj).toMatchObject({ eventId: unknown!.id, type: 'no.such.event' });
    await dispatcher.idle();
    expect(await createOutboxRepo(database.db).countUndispatched()).toBe(0);
  });
});
