import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { BonusStatus } from '@coinfall/shared';
import {
  devMailbox,
  domainEvents,
  ledgerTransactions,
  playerBonuses,
  players,
  playerSessions,
  sweepsCredits,
} from '../../src/db/schema/index.ts';
import {
  asPlayer,
  balanceOf,
  definition,
  expectLedgerSound,
  newPlayer,
  promotions,
} from '../bonus/bonus-fixtures.ts';
import { login, PASSWORD } from '../player/player-fixtures.ts';
import {
  createClockedApp,
  createTestApp,
  drainOutbox,
  operatorHeaders,
  type TestApp,
} from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const SUBJECT = 'Your Sweeps Coins expire soon';

/** A player whose last login (and registration) was `days` ago, holding extra Sweeps Coins. */
async function inactivePlayer(days: number, extraSc = 1_000) {
  const { token, playerId } = await newPlayer(t);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dev/players/${playerId}/sweeps-credit`,
    headers: operatorHeaders(),
    payload: { amount: extraSc, playedThrough: false, requestKey: randomUUID() },
  });
  if (res.statusCode !== 200) throw new Error(`credit: ${res.statusCode} ${res.body}`);
  await setInactiveFor(playerId, days);
  const [row] = await t.database.db.select().from(players).where(eq(players.id, playerId));
  return { token, playerId, email: row!.email };
}

async function setInactiveFor(playerId: string, days: number) {
  const at = new Date(Date.now() - days * DAY);
  await t.database.db.update(players).set({ createdAt: at }).where(eq(players.id, playerId));
  await t.database.db
    .update(playerSessions)
    .set({ createdAt: at })
    .where(eq(playerSessions.playerId, playerId));
}

const remindersTo = async (email: string) =>
  (await t.database.db.select().from(devMailbox).where(eq(devMailbox.to, email))).filter(
    (m) => m.subject === SUBJECT,
  );

const expiriesOf = (playerId: string) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, 'sweeps.expiry')),
    );

/**
 * One run of the job, once the outbox's handlers are done with the test's players: on
 * PostgreSQL a handler still holding a player's row (a registration's or a grant's events) makes
 * the run skip that player until its next run, as designed.
 */
const run = async () => {
  await drainOutbox(t);
  return t.app.sweepsCompliance.expiry.run();
};

describe('the Sweeps Coins expiry job', () => {
  it('mails each reminder once, at 7 then 1 day before', async () => {
    const p = await inactivePlayer(53.5);
    await run();
    await run();
    const first = await remindersTo(p.email);
    expect(first.length).toBe(1);
    expect(first[0]!.text).toMatch(/12\.00 Sweeps Coins/);
    expect(first[0]!.text).toMatch(/log in/);

    await setInactiveFor(p.playerId, 59.5);
    await run();
    await run();
    expect((await remindersTo(p.email)).length).toBe(2);
    expect(await expiriesOf(p.playerId)).toEqual([]);
  });

  it('expires the whole balance once, back to promotions, forfeiting open playthrough', async () => {
    const p = await inactivePlayer(60.1);
    const balance = await balanceOf(t, p.playerId, 'SC', 'player');
    expect(balance).toBe(1_200);
    const house = await promotions(t, 'SC');

    await run();
    await run();
    expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(0);
    expect(await promotions(t, 'SC')).toBe(house + balance);
    expect((await expiriesOf(p.playerId)).length).toBe(1);
    // A balance at 0 locks nothing more: the open credits are closed.
    const open = await t.database.db
      .select()
      .from(sweepsCredits)
      .where(and(eq(sweepsCredits.playerId, p.playerId), isNull(sweepsCredits.completedAt)));
    expect(open).toEqual([]);
    const pushes = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'wallet.balance.updated'), eq(domainEvents.playerId, p.playerId)),
      );
    expect(pushes.length).toBeGreaterThan(0);
    // A reminder is never sent for a period already expired.
    expect(await remindersTo(p.email)).toEqual([]);
    await expectLedgerSound(t);
  });

  it('starts again at a login: no reminder, no expiry', async () => {
    const p = await inactivePlayer(59.5);
    const res = await login(t, p.email, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    await run();
    expect(await remindersTo(p.email)).toEqual([]);
    expect(await expiriesOf(p.playerId)).toEqual([]);
    expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(1_200);
  });

  it('does not count a break or self-exclusion: the period starts at its end', async () => {
    const ended = await inactivePlayer(61);
    const running = await inactivePlayer(61);
    await t.database.db
      .update(players)
      .set({ excludedUntil: new Date(Date.now() - 10 * DAY) })
      .where(eq(players.id, ended.playerId));
    await t.database.db
      .update(players)
      .set({ excludedUntil: new Date('9999-12-31T00:00:00Z') })
      .where(eq(players.id, running.playerId));
    await run();
    for (const p of [ended, running]) {
      expect(await expiriesOf(p.playerId)).toEqual([]);
      expect(await remindersTo(p.email)).toEqual([]);
      expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(1_200);
    }
  });

  it('leaves an active Sweeps Coins bonus to its own expiry', async () => {
    const p = await inactivePlayer(61);
    const holiday = await definition(t, 'holiday-2026');
    const granted = await asPlayer(t, p.playerId, (tx) =>
      t.app.bonus.lifecycle.grant(tx, {
        playerId: p.playerId,
        definition: holiday,
        source: randomUUID(),
      }),
    );
    const sc = granted!.bonuses.find((b) => b.currency === 'SC')!;
    expect(sc.status).toBe(BonusStatus.Active);
    const bonusMoney = await balanceOf(t, p.playerId, 'SC', 'bonus');
    expect(bonusMoney).toBeGreaterThan(0);

    await run();
    expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(0);
    expect(await balanceOf(t, p.playerId, 'SC', 'bonus')).toBe(bonusMoney);
    const [row] = await t.database.db
      .select({ status: playerBonuses.status })
      .from(playerBonuses)
      .where(eq(playerBonuses.id, sc.id));
    expect(row!.status).toBe(BonusStatus.Active);
  });

  it('expires each balance once when two nodes run the job at the same time', async () => {
    const ps = [];
    for (let i = 0; i < 12; i += 1) ps.push(await inactivePlayer(61, 300));
    const house = await promotions(t, 'SC');
    await drainOutbox(t);
    const nodes = await Promise.all([createClockedApp(t), createClockedApp(t)]);
    try {
      // Side by side, three times: a player another writer held is skipped, and taken later.
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(nodes.map((n) => n.app.sweepsCompliance.expiry.run()));
      }
    } finally {
      await Promise.all(nodes.map((n) => n.app.close()));
    }
    for (const p of ps) {
      expect((await expiriesOf(p.playerId)).length, p.playerId).toBe(1);
      expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(0);
    }
    expect(await promotions(t, 'SC')).toBe(house + 12 * 500);
    await expectLedgerSound(t);
  });
});
