import { and, eq, like } from 'drizzle-orm';
import { QuestState, RAKEBACK_BONUS_SLUG, type QuestReward } from '@coinfall/shared';
import {
  bonusDefinitions,
  ledgerTransactions,
  playerBonuses,
  players,
  quests,
} from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { register } from '../player/player-fixtures.ts';
import { expectLedgerSound, newPlayer } from '../bonus/bonus-fixtures.ts';
import {
  CARDS,
  invoiceOf,
  payPurchase,
  saveCard,
  startPurchase,
} from '../payment/payment-fixtures.ts';
import { loyaltyFixtures, TEST_VIP_HOST } from '../retention/loyalty-fixtures.ts';
import { retentionFixtures } from '../retention/retention-fixtures.ts';

/**
 * Decision 052: what the platform grants without a claim — welcome coins, loyalty sublevel
 * rewards, VIP rakeback, quest rewards — withholds its Sweeps Coins part where the player's
 * place refuses Sweeps Coins play (Washington, seeded), pays the Gold Coins part, and pays it all
 * where SC is allowed (Texas: the US row). Withheld for good, and never paid twice.
 */
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let quest: ReturnType<typeof retentionFixtures>;
const SC_QUEST_REWARD: QuestReward = { kind: 'coins', currency: 'SC', amount: 500 };

beforeAll(async () => {
  t = await createTestApp(TEST_VIP_HOST);
  f = loyaltyFixtures(t);
  quest = retentionFixtures(t);
  // The first-purchase quest pays Sweeps Coins here; changed before any event is delivered (the
  // engine caches the catalogue).
  await t.database.db
    .update(quests)
    .set({ reward: SC_QUEST_REWARD })
    .where(eq(quests.identity, 'first-purchase'));
});
afterAll(() => t?.close());

const SEATTLE = { lat: 47.6062, lon: -122.3321 };
const AUSTIN = { lat: 30.2672, lon: -97.7431 };

const placeIn = (playerId: string, region: string) =>
  t.database.db.update(players).set({ country: 'US', region }).where(eq(players.id, playerId));

/** The bonuses a source issued: [currency, amount], sorted. */
async function issued(playerId: string, source: string) {
  const rows = await t.database.db
    .select({ currency: playerBonuses.currency, amount: playerBonuses.amount })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), like(playerBonuses.source, source)));
  return rows.map((r) => [r.currency, r.amount]).sort();
}

/** The ledger postings of a quest's coins (the reward's own key). */
const questCoins = (playerQuestId: number) =>
  t.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `quest:${playerQuestId}:coins`));

describe('welcome coins', () => {
  it('withholds the Sweeps Coins of a player registering from Washington; pays both in Texas', async () => {
    const [welcome] = await t.database.db
      .select()
      .from(bonusDefinitions)
      .where(eq(bonusDefinitions.slug, 'welcome'));
    const lines = welcome!.rewards.map((r) => [r.currency, 'amount' in r ? r.amount : 0]).sort();
    expect(lines.map(([c]) => c)).toEqual(['GC', 'SC']);

    const seattle = await register(t, { location: SEATTLE });
    expect(await issued(seattle.profile.id, 'registration')).toEqual(
      lines.filter(([c]) => c === 'GC'),
    );
    const austin = await register(t, { location: AUSTIN });
    expect(await issued(austin.profile.id, 'registration')).toEqual(lines);
    // Granted again (the device's report, a retry): the first grant answers, nothing more.
    await t.database.db.transaction((tx) => t.app.bonus.grantWelcome(tx, seattle.profile.id));
    await t.database.db.transaction((tx) => t.app.bonus.grantWelcome(tx, austin.profile.id));
    expect(await issued(seattle.profile.id, 'registration')).toHaveLength(1);
    expect(await issued(austin.profile.id, 'registration')).toHaveLength(2);
    await expectLedgerSound(t);
  });
});

describe('loyalty sublevel rewards', () => {
  it('reaching Bronze II in Washington issues its Gold Coins only, once; in Texas both', async () => {
    const wa = await f.scPlayer(0);
    const tx = await f.scPlayer(0);
    await placeIn(wa.playerId, 'WA');
    await placeIn(tx.playerId, 'TX');
    for (const p of [wa, tx]) {
      // The same source twice (a redelivery): the sublevel is reached once.
      await f.award(p.playerId, 100, `quest:bronze-${p.playerId}`);
      await f.award(p.playerId, 100, `quest:bronze-${p.playerId}`);
    }
    const currencies = async (playerId: string) =>
      (await issued(playerId, 'loyalty:%')).map(([c]) => c);
    expect(await currencies(wa.playerId)).toEqual(['GC']);
    expect(await currencies(tx.playerId)).toEqual(['GC', 'SC']);
    // Moving to Texas later pays nothing withheld: the sublevel is not reached again.
    await placeIn(wa.playerId, 'TX');
    await f.award(wa.playerId, 10, `quest:more-${wa.playerId}`);
    expect(await currencies(wa.playerId)).toEqual(['GC']);
    await expectLedgerSound(t);
  });
});

describe('VIP rakeback', () => {
  it('withholds an SC accrual credited while the player is in Washington; credits it in Texas', async () => {
    const wa = await f.scPlayer(200_000);
    const tx = await f.scPlayer(200_000);
    for (const p of [wa, tx]) {
      await f.award(p.playerId, 20_000); // Platinum I: rakeback
      await f.playDice(p, 2_000, 20_000);
    }
    await f.drain();
    // Played where SC is allowed; credited once the player is in Washington.
    await placeIn(wa.playerId, 'WA');
    await placeIn(tx.playerId, 'TX');
    await t.app.loyalty.housekeeping();
    await t.app.loyalty.housekeeping();

    const rakeback = `rakeback:%`;
    expect(await issued(wa.playerId, rakeback)).toEqual([]);
    const [credited] = await issued(tx.playerId, rakeback);
    expect(credited?.[0]).toBe('SC');
    expect(await issued(tx.playerId, rakeback)).toHaveLength(1);
    // The withheld accrual is used up (marked credited today), not kept for a later place.
    const today = new Date().toISOString().slice(0, 10);
    expect((await f.rakebackOf(wa.playerId))[0]?.creditedOn).toBe(today);
    await placeIn(wa.playerId, 'TX');
    await t.app.loyalty.housekeeping();
    expect(await issued(wa.playerId, rakeback)).toEqual([]);
    const [rakebackDef] = await t.database.db
      .select({ enabled: bonusDefinitions.enabled })
      .from(bonusDefinitions)
      .where(eq(bonusDefinitions.slug, RAKEBACK_BONUS_SLUG));
    expect(rakebackDef?.enabled).toBe(true);
    await expectLedgerSound(t);
  });
});

describe('quest rewards', () => {
  it('awards an SC coins quest completed in Washington without its coins; in Texas once', async () => {
    const paid = [];
    for (const region of ['WA', 'TX']) {
      const { token, playerId } = await newPlayer(t);
      await placeIn(playerId, region);
      const card = await saveCard(t, token, CARDS.instant);
      // A purchase completes in either place (its bundle is not a reward): the quest's task.
      invoiceOf(await payPurchase(t, token, (await startPurchase(t, token)).id, card));
      await quest.deliverAll();
      await quest.deliverAll();
      const first = quest.byIdentity(await quest.quests(token), 'first-purchase');
      expect(first.state).toBe(QuestState.Awarded);
      paid.push((await questCoins(first.id)).length);
    }
    expect(paid).toEqual([0, 1]);
    await expectLedgerSound(t);
  });
});
