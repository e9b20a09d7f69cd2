import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { PurchaseStatus, type BundlePurchase } from '@coinfall/shared';
import { playerBonuses, playerFreeSpins, vipRakeback } from '../../src/db/schema/index.ts';
import { drainOutbox, type TestApp } from '../test-app.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import type { TestPlayer } from '../redemption/redemption-fixtures.ts';

/** A VIP host for the test apps, so the personal-host benefit is offered. */
export const TEST_VIP_HOST = { VIP_HOST_NAME: 'Ava Host', VIP_HOST_EMAIL: 'vip@coinfall.test' };

let nextEventId = 2_000_000_000;

/** Players, rounds, events and what loyalty wrote, on one test app. */
export function loyaltyFixtures(t: TestApp) {
  const db = t.database.db;
  const rgs = rgsFixtures(t);

  /** The loyalty consumer is one of the outbox's handlers. */
  const drain = () => drainOutbox(t);

  /** Plays dice rounds of `bet` until `total` was staked; answers the stake. */
  async function playDice(p: TestPlayer, bet: number, total: number): Promise<number> {
    const token = await rgs.launch(p, 'dice');
    await rgs.open(token);
    let staked = 0;
    while (staked < total) {
      await rgs.start(token, { bet, params: { target: 50 } });
      staked += bet;
    }
    return staked;
  }

  /** A bundle.purchase.updated event as the outbox would hand it (a fresh outbox id). */
  function purchaseEvent(playerId: string, amount: number, purchaseId: string = randomUUID()) {
    const at = new Date().toISOString();
    const purchase: BundlePurchase = {
      id: purchaseId,
      status: PurchaseStatus.Completed,
      amount,
      currency: 'USD',
      invoiceId: null,
      bundleId: 1,
      bundleIdentity: 'starter',
      goldCoins: 0,
      sweepsCoins: 0,
      createdAt: at,
      updatedAt: at,
    };
    nextEventId += 1;
    return {
      id: nextEventId,
      type: 'bundle.purchase.updated',
      playerId,
      payload: { purchase, playerId },
      occurredAt: new Date(),
    };
  }

  /** What sublevel rewards issued to a player: bonuses and free spins with their marker. */
  async function rewardsOf(playerId: string) {
    const bonuses = await db
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.playerId, playerId), like(playerBonuses.source, 'loyalty:%')));
    const spins = await db
      .select()
      .from(playerFreeSpins)
      .where(
        and(eq(playerFreeSpins.playerId, playerId), like(playerFreeSpins.source, 'loyalty:%')),
      );
    return { bonuses, spins };
  }

  const rakebackOf = (playerId: string) =>
    db.select().from(vipRakeback).where(eq(vipRakeback.playerId, playerId));

  /** Points from a one-off source, as the quest engine will award them. */
  const award = (playerId: string, points: number, sourceKey = `test:${randomUUID()}`) =>
    db.transaction((tx) => t.app.loyalty.awardLoyaltyPoints(tx, playerId, points, sourceKey));

  return { ...rgs, drain, playDice, purchaseEvent, rewardsOf, rakebackOf, award };
}
