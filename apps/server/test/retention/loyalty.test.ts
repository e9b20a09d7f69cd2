import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  LOYALTY_COINS_PER_POINT,
  loyaltyLevelListSchema,
  playerBonusListSchema,
  playerVipSchema,
  retentionAccountUpdatedEventSchema,
  retentionAccountSchema,
} from '@coinfall/shared';
import { domainEvents } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer } from '../player/player-fixtures.ts';
import { loyaltyFixtures, TEST_VIP_HOST } from './loyalty-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp(TEST_VIP_HOST);
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const accountOf = async (token: string) =>
  retentionAccountSchema.parse((await get('/api/retention/account', token)).json());

/** Millipoints of a dice (original) stake in SC: 2 coins per point. */
const diceMillipoints = (stake: number) =>
  Math.floor((stake * 1_000) / (100 * LOYALTY_COINS_PER_POINT.SC.original));

describe('GET /api/retention/levels', () => {
  it('shows guests the ladder: five levels of three sublevels, images that exist, rewards', async () => {
    const res = await get('/api/retention/levels');
    expect(res.statusCode).toBe(200);
    const { data } = loyaltyLevelListSchema.parse(res.json());
    expect(data.map((l) => l.slug)).toEqual(['bronze', 'silver', 'gold', 'platinum', 'diamond']);
    expect(data.map((l) => l.vip)).toEqual([false, false, false, true, true]);
    const rungs = data.flatMap((l) => l.sublevels);
    expect(rungs).toHaveLength(15);
    const thresholds = rungs.map((s) => s.points);
    expect(thresholds).toEqual([...thresholds].sort((a, b) => a - b));
    expect(rungs[0]).toMatchObject({ points: 0, reward: null });
    expect(rungs[1]!.reward).toMatchObject({
      bonusSlug: 'loyalty-bronze-2',
      coins: [
        { currency: 'GC', amount: 50_000 },
        { currency: 'SC', amount: 50 },
      ],
      freeSpins: null,
    });
    expect(rungs[3]!.reward?.freeSpins).toMatchObject({ gameName: 'Frosty Fortunes', count: 10 });
    const publicDir = path.resolve(import.meta.dirname, '../../../web/public');
    for (const image of [...data, ...rungs].flatMap((x) => [x.image, x.bgImage])) {
      expect(existsSync(path.join(publicDir, image)), image).toBe(true);
    }
  });
});

describe('GET /api/retention/account', () => {
  it('answers 401 without a session or with a bad token', async () => {
    expect((await get('/api/retention/account')).statusCode).toBe(401);
    expect((await get('/api/retention/account', 'not-a-token')).statusCode).toBe(401);
  });

  it('places a new player on Bronze I with 100 points to Bronze II', async () => {
    const p = await f.scPlayer(0);
    expect(await accountOf(p.token)).toMatchObject({
      points: 0,
      currentLevel: { slug: 'bronze', order: 1, vip: false },
      currentSublevel: { order: 1, label: 'Bronze I' },
      nextSublevel: { levelSlug: 'bronze', sublevelOrder: 2, points: 100 },
      pointsToNextSublevel: 100,
    });
  });
});

describe('points from play', () => {
  it('counts dice rounds played through the game server and rewards Bronze II once', async () => {
    const p = await f.scPlayer(100_000);
    const staked = await f.playDice(p, 2_000, 40_000);
    await f.drain();
    const points = Math.floor(diceMillipoints(staked) / 1_000);
    expect(points).toBeGreaterThanOrEqual(100);
    const account = await accountOf(p.token);
    expect(account).toMatchObject({ points, currentSublevel: { label: 'Bronze II' } });

    const { bonuses } = await f.rewardsOf(p.playerId);
    expect(bonuses.map((b) => [b.currency, b.amount]).sort()).toEqual([
      ['GC', 50_000],
      ['SC', 50],
    ]);
    // The bonus list fills the sublevel marker (spec §4: the bonus modal).
    const list = playerBonusListSchema.parse(
      (await get('/api/game/player-bonuses?status=1', p.token)).json(),
    );
    const rewards = list.data.filter((b) => b.kind === 'loyalty');
    expect(rewards).toHaveLength(2);
    for (const bonus of rewards) {
      expect(bonus.loyalty).toMatchObject({
        levelSlug: 'bronze',
        sublevelOrder: 2,
        sublevelLabel: 'Bronze II',
      });
    }
    // The push: one announces Bronze II reached, and the last carries the final account.
    const pushes = (
      await t.database.db
        .select()
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.type, 'retention.account.updated'),
            eq(domainEvents.playerId, p.playerId),
          ),
        )
        .orderBy(domainEvents.id)
    ).map((e) => retentionAccountUpdatedEventSchema.parse(e.payload));
    expect(pushes.flatMap((e) => e.reached.map((r) => r.sublevelLabel))).toEqual(['Bronze II']);
    expect(pushes.at(-1)!.account.points).toBe(points);
  });

  it('gives free spins no points: the house paid their stake', async () => {
    const p = await f.scPlayer(0);
    await f.drain();
    expect((await accountOf(p.token)).points).toBe(0);
  });
});

describe('exactly once', () => {
  it('issues each sublevel reward once under redelivery and two racing dispatchers', async () => {
    const p = await f.scPlayer(0);
    // $50 → 500 points: Bronze II, Bronze III and Silver I at once.
    const event = f.purchaseEvent(p.playerId, 5_000);
    await Promise.all([t.app.loyalty.handler(event), t.app.loyalty.handler(event)]);
    await t.app.loyalty.handler(event);
    // The same purchase under another event id (a writer that announced it twice).
    await t.app.loyalty.handler({
      ...f.purchaseEvent(p.playerId, 5_000, event.payload.purchase.id),
    });
    expect(await accountOf(p.token)).toMatchObject({
      points: 500,
      currentSublevel: { label: 'Silver I' },
    });
    const { bonuses, spins } = await f.rewardsOf(p.playerId);
    expect(bonuses.map((b) => b.loyalty?.sublevelLabel).sort()).toEqual([
      'Bronze II',
      'Bronze II',
      'Bronze III',
      'Bronze III',
    ]);
    expect(spins.map((s) => s.loyalty?.sublevelLabel)).toEqual(['Silver I']);
  });

  it('awards quest points once per source key', async () => {
    const p = await f.scPlayer(0);
    await Promise.all([f.award(p.playerId, 40, 'quest:7'), f.award(p.playerId, 40, 'quest:7')]);
    await f.award(p.playerId, 40, 'quest:8');
    expect((await accountOf(p.token)).points).toBe(80);
  });
});

describe('VIP', () => {
  it('shows the programme to guests: Platinum and Diamond with their benefits', async () => {
    const res = await get('/api/retention/vip/programme');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      levels: [
        { levelSlug: 'platinum', dailyBonusPercent: 150, rakebackPercent: 5, personalHost: true },
        { levelSlug: 'diamond', dailyBonusPercent: 200, rakebackPercent: 10, personalHost: true },
      ],
    });
  });

  it('gives a VIP player their benefits and host; 401 without a session', async () => {
    expect((await get('/api/retention/vip/benefits')).statusCode).toBe(401);
    const plain = await f.scPlayer(0);
    expect(
      playerVipSchema.parse((await get('/api/retention/vip/benefits', plain.token)).json()),
    ).toMatchObject({ vip: false, benefits: null, host: null });
    const p = await f.scPlayer(0);
    await f.award(p.playerId, 20_000);
    const vip = playerVipSchema.parse((await get('/api/retention/vip/benefits', p.token)).json());
    expect(vip).toMatchObject({
      vip: true,
      benefits: { levelSlug: 'platinum', rakebackPercent: 5 },
      host: { name: 'Ava Host', email: 'vip@coinfall.test' },
    });
  });

  it('pays a VIP player the better daily bonus', async () => {
    const plain = await f.scPlayer(0);
    const p = await f.scPlayer(0);
    await f.award(p.playerId, 20_000);
    const daily = async (token: string) =>
      (await get('/api/game/bonuses/daily', token)).json<{ rewards: unknown[] }>().rewards;
    expect(await daily(plain.token)).toEqual([
      { currency: 'GC', amount: 100_000 },
      { currency: 'SC', amount: 10 },
    ]);
    expect(await daily(p.token)).toEqual([
      { currency: 'GC', amount: 150_000 },
      { currency: 'SC', amount: 15 },
    ]);
  });
});
