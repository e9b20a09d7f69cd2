import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import type { OutboxDispatcher } from '../../src/platform/events/outbox-dispatcher.ts';
import { OUTBOX_LEADER_LOCK_KEY } from '../../src/platform/events/outbox-leadership.ts';
import { createDispatcherFor } from '../../src/platform/events/outbox.wiring.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

// Several nodes on one PostgreSQL: the advisory lock makes exactly one of them dispatch.
describe.skipIf(!process.env.DATABASE_URL)('outbox leadership on PostgreSQL', () => {
  let t: TestApp;
  const others: OutboxDispatcher[] = [];
  const playerId = randomUUID();
  const delivered = new Map<string, number[]>();

  function collect(name: string, d: OutboxDispatcher): void {
    delivered.set(name, []);
    d.on(async (e) => {
      if (e.playerId === playerId) delivered.get(name)!.push(e.id);
    });
  }
  const all = () => [...delivered.values()].flat();

  async function record(n: number): Promise<void> {
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < n; i += 1) {
        await createOutboxRepo(t.database.db).record(tx, {
          type: 'kyc.player.updated',
          playerId,
          payload: { playerId, kycVerified: false, status: 'pending' },
        });
      }
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const d of others) await d.stop();
    await t.close();
  });

  it('lets one node lead; when it stops, another takes over and delivers the rest', async () => {
    const app = t.app.eventDelivery.dispatcher;
    collect('app', app);
    const b = createDispatcherFor(t.database, silent, { leaderRetryMs: 100 });
    others.push(b);
    collect('b', b);
    await b.start();
    await new Promise((r) => setTimeout(r, 300));
    expect([app.isLeader(), b.isLeader()]).toEqual([true, false]);

    await record(3);
    await until(() => all().length === 3);
    expect(delivered.get('b')).toEqual([]);

    await app.stop();
    await record(3);
    await until(() => all().length >= 6);
    expect(b.isLeader()).toBe(true);
    expect(delivered.get('app')).toHaveLength(3);
    expect(delivered.get('b')).toHaveLength(3);
    expect(new Set(all()).size).toBe(6);
  });

  it('gives up the lead when its connection dies; the next node delivers', async () => {
    const b = others[0]!;
    const c = createDispatcherFor(t.database, silent, { leaderRetryMs: 100 });
    others.push(c);
    collect('c', c);
    await c.start();
    expect(c.isLeader()).toBe(false);

    const admin = new pg.Client({ connectionString: t.database.connectionString });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) as done from pg_locks
          where locktype = 'advisory' and objid = $1 and granted
            and database = (select oid from pg_database where datname = current_database())`,
        [OUTBOX_LEADER_LOCK_KEY],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await until(() => !b.isLeader() || c.isLeader());
    await until(() => b.isLeader() || c.isLeader());
    expect(b.isLeader() && c.isLeader()).toBe(false);

    const before = all().length;
    await record(2);
    await until(() => all().length >= before + 2);
    expect(new Set(all()).size).toBe(8);
  });
});
