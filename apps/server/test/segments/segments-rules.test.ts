import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { playerSegmentListSchema } from '@coinfall/shared';
import {
  consumedEvents,
  players,
  playerSessions,
  segmentMemberships,
} from '../../src/db/schema/index.ts';
import { SEGMENT_IDS } from '../../src/db/seed/reference-data.ts';
import type { Database } from '../../src/db/client.ts';
import { createSegmentRecheckRepo } from '../../src/modules/segments/segment-recheck.repo.ts';
import { SEGMENTS_CONSUMER } from '../../src/modules/segments/segments.wiring.ts';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';
import {
  CARDS,
  payPurchase,
  payingPlayer,
  saveCard,
  startPurchase,
} from '../payment/payment-fixtures.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import { createClockedApp, createTestApp, drainOutbox, type TestApp } from '../test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

/** The segments consumer is one of the outbox's handlers. */
const drain = () => drainOutbox(t);

const membership = async (playerId: string, segmentId: number) =>
  (
    await t.database.db
      .select()
      .from(segmentMemberships)
      .where(
        and(eq(segmentMemberships.playerId, playerId), eq(segmentMemberships.segmentId, segmentId)),
      )
  )[0];
const segmentIdsOf = async (playerId: string) =>
  (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!.segmentIds;
const adminSegments = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/players/${id}/segments`, headers: admin.headers });

let nextEventId = 2_100_000_000;
/** A sign-in event as the outbox would hand it, under a fresh id. */
function signedIn(playerId: string, at = new Date()) {
  nextEventId += 1;
  return {
    id: nextEventId,
    type: 'player.signed-in',
    playerId,
    payload: { playerId, at: at.toISOString() },
    occurredAt: at,
  };
}

/** A retention.account.updated event; `levelUp`: it reached a sublevel (else points only). */
function accountUpdated(playerId: string, levelUp: boolean) {
  nextEventId += 1;
  const at = new Date();
  const sublevel = {
    levelId: 1,
    levelSlug: 'bronze',
    levelOrder: 1,
    levelLabel: 'Bronze',
    sublevelId: 2,
    sublevelOrder: 2,
    sublevelLabel: 'Bronze II',
  };
  return {
    id: nextEventId,
    type: 'retention.account.updated',
    playerId,
    payload: {
      playerId,
      account: {
        points: 120,
        currentLevel: { id: 1, slug: 'bronze', order: 1, label: 'Bronze', vip: false },
        currentSublevel: { id: 2, order: 2, label: 'Bronze II' },
        nextSublevel: null,
        pointsToNextSublevel: null,
        updatedAt: at.toISOString(),
      },
      reached: levelUp ? [sublevel] : [],
    },
    occurredAt: at,
  };
}

describe('rule segments (issue 19, decision 050)', () => {
  it('a settled purchase puts the player in Purchasers, with a date the back office shows', async () => {
    const { token, playerId } = await payingPlayer(t);
    await drain();
    expect(await membership(playerId, SEGMENT_IDS.purchasers)).toBeUndefined();

    const methodId = await saveCard(t, token, CARDS.instant);
    const purchase = await startPurchase(t, token);
    expect((await payPurchase(t, token, purchase.id, methodId)).statusCode).toBe(200);
    await drain();

    const row = await membership(playerId, SEGMENT_IDS.purchasers);
    expect(row?.since).toBeInstanceOf(Date);
    expect(await segmentIdsOf(playerId)).toEqual([SEGMENT_IDS.purchasers]);
    const res = await adminSegments(playerId);
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSegmentListSchema.parse(res.json()).data).toEqual([
      {
        id: SEGMENT_IDS.purchasers,
        name: 'Purchasers',
        rule: [{ kind: 'purchaser' }],
        since: row!.since.toISOString(),
      },
    ]);
  });

  it('the sweep moves a player into "Inactive 30 days" once the clock has moved; a sign-in takes them out', async () => {
    const { playerId } = await payingPlayer(t);
    await drain();
    expect(await membership(playerId, SEGMENT_IDS.inactive30Days)).toBeUndefined();

    const clocked = await createClockedApp(t);
    try {
      clocked.clock.ms += 31 * DAY;
      expect(await clocked.app.segments.service.refreshAll()).toBeGreaterThan(0);
    } finally {
      await clocked.app.close();
    }
    expect(await membership(playerId, SEGMENT_IDS.inactive30Days)).toBeDefined();
    expect(await segmentIdsOf(playerId)).toContain(SEGMENT_IDS.inactive30Days);

    // Back on today's clock, a sign-in (a fresh session) is activity again.
    await t.app.segments.handler(signedIn(playerId));
    expect(await membership(playerId, SEGMENT_IDS.inactive30Days)).toBeUndefined();
    expect(await segmentIdsOf(playerId)).not.toContain(SEGMENT_IDS.inactive30Days);
  });

  // Two connections: the embedded database has one, on which a held transaction blocks all.
  // The sweep's refresh and the re-check's page (decision 074): FOR UPDATE would hold them.
  const lockers = [
    [
      'a refresh',
      (tx: Database, playerId: string) => t.app.segments.service.refreshPlayer(tx, playerId),
    ],
    ["the re-check's page", (tx: Database) => createSegmentRecheckRepo().lockPage(tx, null, 1000)],
  ] as const;
  it.runIf(Boolean(process.env.DATABASE_URL)).each(lockers)(
    '%s holding its players lets rows naming them be written meanwhile',
    async (_, lock) => {
      const { playerId } = await payingPlayer(t);
      await drain();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        await lock(tx, playerId);
        locked();
        await released;
      });
      await isLocked;
      try {
        // A foreign key check takes FOR KEY SHARE on the player: it must not wait for the lock.
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx.insert(playerSessions).values({ playerId, device: { type: 'desktop' } });
        });
      } finally {
        release();
        await holder;
      }
    },
  );

  it('applies an event once under redelivery and two racing dispatchers, keeping the first date', async () => {
    const { playerId } = await payingPlayer(t);
    await drain();
    // A purchaser by the flag the payer writes (imported, hand-set): the rule keeps them in.
    await t.database.db
      .update(players)
      .set({ segmentIds: [SEGMENT_IDS.purchasers] })
      .where(eq(players.id, playerId));
    const event = signedIn(playerId);
    await Promise.all([t.app.segments.handler(event), t.app.segments.handler(event)]);
    const first = await membership(playerId, SEGMENT_IDS.purchasers);
    expect(first).toBeDefined();
    await t.app.segments.handler(event);
    await t.app.segments.handler(signedIn(playerId));

    expect(await membership(playerId, SEGMENT_IDS.purchasers)).toEqual(first);
    expect(await segmentIdsOf(playerId)).toEqual([SEGMENT_IDS.purchasers]);
    const claims = await t.database.db
      .select()
      .from(consumedEvents)
      .where(
        and(eq(consumedEvents.eventId, event.id), eq(consumedEvents.consumer, SEGMENTS_CONSUMER)),
      );
    expect(claims).toHaveLength(1);
  });

  it('a loyalty account reaching a sublevel refreshes the player; a plain point change does not', async () => {
    const { playerId } = await payingPlayer(t);
    await drain();
    // A purchaser by the flag alone: a refresh would write the rule's membership row.
    await t.database.db
      .update(players)
      .set({ segmentIds: [SEGMENT_IDS.purchasers] })
      .where(eq(players.id, playerId));
    const plain = accountUpdated(playerId, false);
    await t.app.segments.handler(plain);
    expect((await t.app.segments.handler.batch!([plain])).handled).toBe(1);
    expect(await membership(playerId, SEGMENT_IDS.purchasers)).toBeUndefined();
    const levelUp = accountUpdated(playerId, true);
    await t.app.segments.handler(levelUp);
    expect(await membership(playerId, SEGMENT_IDS.purchasers)).toBeDefined();
    // A plain change is not even claimed: no transaction for it (decision 073).
    const claimed = async (eventId: number) =>
      t.database.db
        .select()
        .from(consumedEvents)
        .where(
          and(eq(consumedEvents.eventId, eventId), eq(consumedEvents.consumer, SEGMENTS_CONSUMER)),
        );
    expect(await claimed(plain.id)).toHaveLength(0);
    expect(await claimed(levelUp.id)).toHaveLength(1);
  });

  it('GET /api/admin/players/:id/segments: 400 naming the field, 404 for no such player, staff only', async () => {
    const bad = await adminSegments('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['params.id']);
    const missing = await adminSegments(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${randomUUID()}/segments`,
    });
    expect(guest.statusCode).toBe(401);
  });

  it('GET /api/segments keeps its shape and lists the rule segments too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/segments' });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(data.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(data[0]!).sort()).toEqual(
      ['id', 'isForTesting', 'itHasPurchases', 'name', 'w9Received', 'w9Required'].sort(),
    );
  });
});
