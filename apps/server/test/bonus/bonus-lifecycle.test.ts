import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
  playerBonusUpdatedEventSchema,
  WELCOME_COINS,
} from '@coinfall/shared';
import { domainEvents, sweepsCredits } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
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

const lifecycle = () => t.app.bonus.lifecycle;

async function grant(
  playerId: string,
  slug: string,
  source: string,
  basis?: Record<string, number>,
) {
  const def = await definition(t, slug);
  const granted = await asPlayer(t, playerId, (tx) =>
    lifecycle().grant(tx, { playerId, definition: def, source, basis }),
  );
  if (!granted) throw new Error(`${slug} not granted`);
  return granted;
}

const bonusEvents = async (playerId: string) =>
  (
    await t.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.playerId, playerId),
          eq(domainEvents.type, 'bonus.player-bonus.updated'),
        ),
      )
      .orderBy(asc(domainEvents.id))
  ).map((e) => playerBonusUpdatedEventSchema.parse(e.payload).bonus);

describe('bonus lifecycle', () => {
  it('issues a manual bonus without money, funds it at activation and forfeits it on cancel', async () => {
    const { playerId } = await newPlayer(t);
    const before = await promotions(t, 'SC');
    const [issued] = (await grant(playerId, 'no-deposit-sc', 'test:manual')).bonuses;
    expect(issued).toMatchObject({
      status: BonusStatus.Issued,
      amount: 500,
      wageringRequired: 1500,
    });
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(0);
    expect(await promotions(t, 'SC')).toBe(before);

    const active = await asPlayer(t, playerId, (tx) =>
      lifecycle().activate(tx, playerId, issued!.id),
    );
    expect(active.status).toBe(BonusStatus.Active);
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(500);
    expect(await promotions(t, 'SC')).toBe(before - 500);

    const canceled = await asPlayer(t, playerId, (tx) =>
      lifecycle().cancel(tx, playerId, issued!.id),
    );
    expect(canceled).toMatchObject({ status: BonusStatus.Finished, result: BonusResult.Canceled });
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(0);
    expect(await promotions(t, 'SC')).toBe(before);
    const mine = (await bonusEvents(playerId)).filter((b) => b.id === issued!.id);
    expect(mine.map((b) => [b.status, b.balance])).toEqual([
      [BonusStatus.Issued, 0],
      [BonusStatus.Active, 500],
      [BonusStatus.Finished, 0],
    ]);
    await expectLedgerSound(t);
  });

  it('grants once per source and refuses another player’s bonus with 404', async () => {
    const { playerId } = await newPlayer(t);
    const first = await grant(playerId, 'holiday-2026', 'test:once');
    const again = await grant(playerId, 'holiday-2026', 'test:once');
    expect(again.bonuses.map((b) => b.id)).toEqual(first.bonuses.map((b) => b.id));
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(500_000);

    const other = await newPlayer(t);
    await expect(
      asPlayer(t, other.playerId, (tx) =>
        lifecycle().cancel(tx, other.playerId, first.bonuses[0]!.id),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expectLedgerSound(t);
  });

  it('queues an auto bonus behind the active one and activates it when that one converts', async () => {
    const { playerId } = await newPlayer(t);
    const cashBefore = await balanceOf(t, playerId, 'GC', 'player');
    const [holiday] = (await grant(playerId, 'holiday-2026', 'test:queue')).bonuses;
    const [match] = (await grant(playerId, 'first-purchase-match', 'test:queue', { GC: 300_000 }))
      .bonuses;
    expect(holiday!.status).toBe(BonusStatus.Active);
    expect(match).toMatchObject({ status: BonusStatus.Issued, amount: 300_000 });
    await expect(
      asPlayer(t, playerId, (tx) => lifecycle().activate(tx, playerId, match!.id)),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const done = await asPlayer(t, playerId, (tx) => lifecycle().finish(tx, holiday!, 'complete'));
    expect(done.result).toBe(BonusResult.Played);
    expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(cashBefore + 500_000);
    // The queued match bonus is the active one now, its amount in the bonus account.
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(300_000);
    expect((await bonusEvents(playerId)).at(-1)).toMatchObject({
      id: match!.id,
      status: BonusStatus.Active,
    });
    await expectLedgerSound(t);
  });

  it('gives a new player the welcome coins as cash, the Sweeps Coins with a 1× playthrough', async () => {
    const { playerId } = await newPlayer(t);
    expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC);
    expect(await balanceOf(t, playerId, 'SC', 'player')).toBe(WELCOME_COINS.SC);
    expect((await bonusEvents(playerId)).map((b) => [b.bonusSlug, b.currency, b.result])).toEqual([
      ['welcome', 'GC', BonusResult.Played],
      ['welcome', 'SC', BonusResult.Played],
    ]);
    const credits = await t.database.db
      .select()
      .from(sweepsCredits)
      .where(eq(sweepsCredits.playerId, playerId));
    expect(credits).toMatchObject([
      { source: 'bonus', amount: WELCOME_COINS.SC, wagered: 0, completedAt: null },
    ]);
    // The same source again (a retried registration step) pays nothing twice.
    await grant(playerId, 'welcome', 'registration');
    expect(await balanceOf(t, playerId, 'GC', 'player')).toBe(WELCOME_COINS.GC);
    await expectLedgerSound(t);
  });

  it('pays free-spin wins as a new bonus with the definition’s wagering once played', async () => {
    const { playerId } = await newPlayer(t);
    const [spins] = (await grant(playerId, 'frosty-freespins', 'test:spins')).freeSpins;
    expect(spins).toMatchObject({
      status: FreeSpinStatus.Issued,
      count: 10,
      game: { identity: 'frosty-fortunes' },
    });
    const active = await asPlayer(t, playerId, (tx) =>
      lifecycle().activateFreeSpins(tx, playerId, spins!.id),
    );
    const played = await asPlayer(t, playerId, (tx) =>
      lifecycle().finishFreeSpins(tx, { ...active, used: 10, won: 42_000 }, 'played'),
    );
    expect(played).toMatchObject({
      status: FreeSpinStatus.Finished,
      result: FreeSpinResult.Played,
    });
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(42_000);
    await expect(
      asPlayer(t, playerId, (tx) => lifecycle().cancelFreeSpins(tx, playerId, spins!.id)),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expectLedgerSound(t);
  });
});
