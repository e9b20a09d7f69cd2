import { and, eq } from 'drizzle-orm';
import { BonusStatus, playerVipSchema, RAKEBACK_BONUS_SLUG } from '@coinfall/shared';
import { bonusDefinitions, playerBonuses } from '../../src/db/schema/index.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { bearer } from '../player/player-fixtures.ts';
import { loyaltyFixtures, TEST_VIP_HOST } from './loyalty-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp(TEST_VIP_HOST);
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** Dice keeps 1.01 % (RTP 98.990 % in the catalogue); Platinum shares 5 % of it. */
const DICE_EDGE_BPS = 101;
const PLATINUM_SHARE = 5;

async function rakebackBonuses(playerId: string) {
  return t.database.db
    .select({ row: playerBonuses })
    .from(playerBonuses)
    .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, playerBonuses.bonusId))
    .where(
      and(eq(playerBonuses.playerId, playerId), eq(bonusDefinitions.slug, RAKEBACK_BONUS_SLUG)),
    )
    .then((rows) => rows.map((r) => r.row));
}

describe('VIP rakeback', () => {
  it('accrues a share of the house edge of a VIP’s stakes and two nodes credit it once', async () => {
    const p = await f.scPlayer(200_000);
    const other = await f.scPlayer(200_000);
    await f.award(p.playerId, 20_000); // Platinum I
    const staked = await f.playDice(p, 2_000, 40_000);
    await f.playDice(other, 2_000, 10_000); // not VIP: accrues nothing
    await f.drain();

    const accrued = staked * DICE_EDGE_BPS * PLATINUM_SHARE;
    expect((await f.rakebackOf(p.playerId)).map((r) => [r.currency, r.accruedMicro])).toEqual([
      ['SC', accrued],
    ]);
    expect(await f.rakebackOf(other.playerId)).toEqual([]);
    const shown = playerVipSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/retention/vip/benefits',
          headers: bearer(p.token),
        })
      ).json(),
    );
    const whole = Math.floor(accrued / 1_000_000);
    expect(shown.rakebackAccrued).toEqual([{ currency: 'SC', amount: whole }]);

    const second = await createClockedApp(t);
    try {
      await Promise.all([t.app.loyalty.housekeeping(), second.app.loyalty.housekeeping()]);
      await t.app.loyalty.housekeeping();
    } finally {
      await second.app.close();
    }
    const credited = await rakebackBonuses(p.playerId);
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({
      currency: 'SC',
      amount: whole,
      status: BonusStatus.Issued,
    });
    expect((await f.rakebackOf(p.playerId))[0]).toMatchObject({
      accruedMicro: accrued - whole * 1_000_000,
      creditedOn: new Date().toISOString().slice(0, 10),
    });
    expect(await rakebackBonuses(other.playerId)).toEqual([]);
    await f.expectLedgerInvariants();
  });
});
