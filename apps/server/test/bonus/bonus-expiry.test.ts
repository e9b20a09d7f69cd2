import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import {
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  playerBonusUpdatedEventSchema,
} from '@coinfall/shared';
import {
  domainEvents,
  ledgerTransactions,
  playerBonuses,
  playerFreeSpins,
} from '../../src/db/schema/index.ts';
import { createClockedApp, createTestApp, drainOutbox, type TestApp } from '../test-app.ts';
import {
  asPlayer,
  balanceOf,
  definition,
  expectLedgerSound,
  newPlayer,
  promotions,
} from './bonus-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function grant(playerId: string, slug: string) {
  const def = await definition(t, slug);
  const granted = await asPlayer(t, playerId, (tx) =>
    t.app.bonus.lifecycle.grant(tx, { playerId, definition: def, source: randomUUID() }),
  );
  return granted!;
}

const expiredEvents = async (ids: number[]) =>
  (
    await t.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(eq(domainEvents.type, 'bonus.player-bonus.updated'))
  )
    .map((e) => playerBonusUpdatedEventSchema.parse(e.payload).bonus)
    .filter((b) => ids.includes(b.id) && b.result === BonusResult.Expired);

describe('the bonus expiry job', () => {
  it('expires due bonuses and free spins once, forfeiting active money, activating the next in line', async () => {
    const { playerId } = await newPlayer(t);
    const [active] = (await grant(playerId, 'holiday-2026')).bonuses.filter(
      (b) => b.currency === 'GC',
    );
    const [manual] = (await grant(playerId, 'no-deposit-sc')).bonuses;
    const [spins] = (await grant(playerId, 'frosty-freespins')).freeSpins;
    const promotionsGc = await promotions(t, 'GC');
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(500_000);

    // A bonus queued behind the active one, due later than it.
    const match = await definition(t, 'first-purchase-match');
    const [queued] = (await asPlayer(t, playerId, (tx) =>
      t.app.bonus.lifecycle.grant(tx, {
        playerId,
        definition: match,
        source: randomUUID(),
        basis: { GC: 200_000 },
      }),
    ))!.bonuses;
    expect(queued!.status).toBe(BonusStatus.Issued);
    // Make the queued one due only after the job's clock.
    await t.database.db
      .update(playerBonuses)
      .set({ expiresAt: new Date(Date.now() + 400 * HOUR) })
      .where(eq(playerBonuses.id, queued!.id));

    // The job skips a player whose row is locked (a later run takes them): the grants' event
    // handlers, which lock the player, must be done before a direct run.
    await drainOutbox(t);
    const { app, clock } = await createClockedApp(t);
    try {
      clock.ms += 200 * HOUR;
      const ran = await app.bonus.expiry.run();
      expect(ran).toEqual({ bonuses: 3, freeSpins: 1 });
      expect(await app.bonus.expiry.run()).toEqual({ bonuses: 0, freeSpins: 0 });
    } finally {
      await app.close();
    }
    const rows = await t.database.db
      .select({ id: playerBonuses.id, status: playerBonuses.status, result: playerBonuses.result })
      .from(playerBonuses)
      .where(inArray(playerBonuses.id, [active!.id, manual!.id, queued!.id]));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: active!.id, status: BonusStatus.Finished, result: BonusResult.Expired },
      { id: manual!.id, status: BonusStatus.Finished, result: BonusResult.Expired },
      { id: queued!.id, status: BonusStatus.Active, result: null },
    ]);
    // The expired bonus's 500,000 went back; the queued bonus's 200,000 came out.
    expect(await promotions(t, 'GC')).toBe(promotionsGc + 500_000 - 200_000);
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(200_000);
    const [spinRow] = await t.database.db
      .select()
      .from(playerFreeSpins)
      .where(eq(playerFreeSpins.id, spins!.id));
    expect(spinRow!.result).toBe(FreeSpinResult.Expired);
    expect((await expiredEvents([active!.id, manual!.id])).length).toBe(2);
    await expectLedgerSound(t);
  });

  it('expires each bonus once when two nodes run the job at the same time', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer(t)));
    const ids: number[] = [];
    for (const { playerId } of players) {
      for (const b of (await grant(playerId, 'holiday-2026')).bonuses) ids.push(b.id);
    }
    const promotionsSc = await promotions(t, 'SC');
    await drainOutbox(t);
    const nodes = await Promise.all([createClockedApp(t), createClockedApp(t)]);
    try {
      for (const node of nodes) node.clock.ms += 200 * HOUR;
      const runs = await Promise.all(nodes.map((n) => n.app.bonus.expiry.run()));
      expect(runs.reduce((sum, r) => sum + r.bonuses, 0)).toBe(ids.length);
    } finally {
      await Promise.all(nodes.map((n) => n.app.close()));
    }
    const events = await expiredEvents(ids);
    expect(events.map((e) => e.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(await promotions(t, 'SC')).toBe(promotionsSc + 100 * players.length);
    for (const { playerId } of players) {
      expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(0);
    }
    const forfeits = await t.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'bonus.forfeit'),
          like(ledgerTransactions.idempotencyKey, 'bonus-expiry:%'),
        ),
      );
    expect(forfeits.length).toBeGreaterThan(0);
    await expectLedgerSound(t);
  });
});
