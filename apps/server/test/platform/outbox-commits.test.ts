import { randomUUID } from 'node:crypto';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import type { OutboxDispatcher } from '../../src/platform/events/outbox-dispatcher.ts';
import { watchOutboxCommits } from '../../src/platform/events/outbox-commits.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { createDispatcherFor } from '../../src/platform/events/outbox.wiring.ts';
import { createLedgerRepo } from '../../src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

// Decision 051: a commit that recorded events wakes the dispatcher (or, on a follower, nudges
// the leader) instead of leaving them to the next poll. Every dispatcher here polls once a
// minute, so an event out within the few seconds `until` allows was not delivered by a poll.
const POLL_MS = 60_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

let t: TestApp;
const dispatchers: OutboxDispatcher[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // The app's own dispatcher would deliver these rows at its 100 ms poll: only ours run.
  await t.app.eventDelivery.dispatcher.stop();
});
afterAll(async () => {
  for (const d of dispatchers) await d.stop();
  await t.close();
});

/** A dispatcher on `t`'s database collecting the events of `playerId`, started. */
async function dispatcherFor(
  database: DatabaseHandle,
  playerId: string,
  tuning: Parameters<typeof createDispatcherFor>[2] = {},
): Promise<{ dispatcher: OutboxDispatcher; seen: number[] }> {
  const seen: number[] = [];
  const dispatcher = createDispatcherFor(database, silent, {
    pollMs: POLL_MS,
    leaderRetryMs: 100,
    ...tuning,
  });
  dispatcher.on(async (e) => {
    if (e.playerId === playerId) seen.push(e.id);
  });
  dispatchers.push(dispatcher);
  await dispatcher.start();
  // Its first read, at taking the lead, is over: what comes next needs a wake or a poll.
  await dispatcher.idle();
  return { dispatcher, seen };
}

/** Records one event of `playerId` in `tx`. */
function recordKyc(tx: Database, playerId: string): Promise<void> {
  return createOutboxRepo(tx).record(tx, {
    type: 'kyc.player.updated',
    playerId,
    payload: { playerId, kycVerified: false, status: 'pending' },
  });
}

function recordIn(database: DatabaseHandle, playerId: string, fail = false): Promise<void> {
  return database.db.transaction(async (tx) => {
    await recordKyc(tx, playerId);
    if (fail) throw new Error('rolled back');
  });
}

/**
 * `t`'s database watched, how many commits it has told (`told()`), and a started dispatcher
 * woken by them collecting the events of `playerId` (`seen`).
 */
async function watchedWithDispatcher(playerId: string) {
  const { database, commits } = watchOutboxCommits(t.database);
  let told = 0;
  commits.onCommit(() => (told += 1));
  const { seen } = await dispatcherFor(t.database, playerId, { commits });
  return { database, seen, told: () => told };
}

async function stopAll(): Promise<void> {
  for (const d of dispatchers.splice(0)) await d.stop();
}

describe('outbox commits wake delivery (decision 051)', () => {
  afterEach(stopAll);

  it('delivers an event of a committed transaction at once, not at the next poll', async () => {
    const playerId = randomUUID();
    const { database, commits } = watchOutboxCommits(t.database);
    const { dispatcher, seen } = await dispatcherFor(t.database, playerId, { commits });
    expect(dispatcher.isLeader()).toBe(true);

    await recordIn(database, playerId);
    await until(() => seen.length === 1);
    await recordIn(database, playerId);
    await until(() => seen.length === 2);
  });

  it('tells nothing for a rolled-back transaction or one that recorded no event', async () => {
    const playerId = randomUUID();
    const { database, seen, told } = await watchedWithDispatcher(playerId);

    await expect(recordIn(database, playerId, true)).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => {
      await createOutboxRepo(tx).countUndispatched(tx);
    });
    expect(told()).toBe(0);

    // The next commit is out at once, and alone: the rolled-back event never existed.
    await recordIn(database, playerId);
    expect(told()).toBe(1);
    await until(() => seen.length === 1);
    // Handled before it is marked dispatched: wait for the mark, which is what shows the
    // rolled-back event left nothing behind.
    await expect
      .poll(() => createOutboxRepo(t.database.db).countUndispatched(), { timeout: 5000 })
      .toBe(0);
  });

  it('tells the commit of a transaction whose savepoint recorded the event, once', async () => {
    const playerId = randomUUID();
    const { database, seen, told } = await watchedWithDispatcher(playerId);

    await database.db.transaction(async (tx) => {
      await tx.transaction((savepoint) => recordKyc(savepoint, playerId));
      // Not yet: the event commits with the outer transaction.
      expect(told()).toBe(0);
    });
    expect(told()).toBe(1);
    await until(() => seen.length === 1);
  });

  it('delivers at once the events a ledger posting inserts within its one statement', async () => {
    const player = await redemptionFixtures(t).player();
    const accountId = player.accounts.SC!;
    const { database, seen, told } = await watchedWithDispatcher(player.playerId);
    // The sign-up's own events went out at the dispatcher's first read.
    const before = seen.length;
    const ledger = createLedgerService({ repo: createLedgerRepo(database.db) });

    // The statement that writes `wallet.balance.updated` is built once, at import: the
    // transaction that runs it is the one to mark.
    await database.db.transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: randomUUID(),
        kind: 'promotion',
        entries: [
          { account: { accountId }, currency: 'SC', amount: 100 },
          { account: { house: 'promotions' }, currency: 'SC', amount: -100 },
        ],
      }),
    );
    expect(told()).toBe(1);
    await until(() => seen.length === before + 1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a follower nudges the leader after its commit (PostgreSQL NOTIFY)',
    async () => {
      const playerId = randomUUID();
      const leader = await dispatcherFor(t.database, playerId);
      const { database, commits } = watchOutboxCommits(t.database);
      const follower = await dispatcherFor(t.database, playerId, { commits });
      expect(leader.dispatcher.isLeader()).toBe(true);
      expect(follower.dispatcher.isLeader()).toBe(false);

      await recordIn(database, playerId);
      await until(() => leader.seen.length === 1);
      expect(follower.seen).toEqual([]);
    },
  );
});
