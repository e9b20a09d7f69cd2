import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  BET_LEVELS,
  BetStatus,
  BonusResult,
  BonusStatus,
  errorBodySchema,
  playerBonusUpdatedEventSchema,
  type BonusContributions,
} from '@coinfall/shared';
import {
  bonusDefinitions,
  domainEvents,
  gameRounds,
  playerBonuses,
} from '../../src/db/schema/index.ts';
import { splitWin } from '../../src/modules/bonus/bonus.fns.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { asPlayer, balanceOf } from '../bonus/bonus-fixtures.ts';
import { rgsFixtures } from './rgs-fixtures.ts';

// Rounds played with an active bonus (issue 14): stakes cash first then bonus, wins following
// the stake, wagering by the game kind's weight, completion, depletion, rollback, max bet.
let t: TestApp;
let f: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  f = rgsFixtures(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());
const LOSING_DICE = { target: 0.01, direction: 'under' } as const;
/** Wins 98 % of rounds (1.0102×); the checks follow the payout either way. */
const LIKELY_WIN_DICE = { target: 2, direction: 'over' } as const;
const WEIGHTS: BonusContributions = { slot: 100, original: 50, table: 20 };

/** A bonus definition of its own (auto activation), granted to the player in SC. */
async function grantBonus(
  playerId: string,
  terms: { amount: number; wageringTenths: number; maxBet?: number },
) {
  const [def] = await db()
    .insert(bonusDefinitions)
    .values({
      slug: `play-${randomUUID()}`,
      kind: 'no-deposit',
      rewards: [{ currency: 'SC', amount: terms.amount }],
      wageringTenths: terms.wageringTenths,
      maxBet: terms.maxBet === undefined ? {} : { SC: terms.maxBet },
      contributions: WEIGHTS,
    })
    .returning();
  const granted = await asPlayer(t, playerId, (tx) =>
    t.app.bonus.lifecycle.grant(tx, { playerId, definition: def!, source: 'test' }),
  );
  const bonus = granted?.bonuses[0];
  if (bonus?.status !== BonusStatus.Active) throw new Error('bonus not active');
  return bonus;
}

async function bonusRow(id: number) {
  const [row] = await db().select().from(playerBonuses).where(eq(playerBonuses.id, id));
  return row!;
}

async function roundRow(id: string) {
  const [row] = await db().select().from(gameRounds).where(eq(gameRounds.id, id));
  return row!;
}

const balances = async (playerId: string) => ({
  cash: await balanceOf(t, playerId, 'SC', 'player'),
  bonus: await balanceOf(t, playerId, 'SC', 'bonus'),
});

async function bonusEvents(playerId: string) {
  const rows = await db()
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(
      and(eq(domainEvents.playerId, playerId), eq(domainEvents.type, 'bonus.player-bonus.updated')),
    )
    .orderBy(domainEvents.id);
  return rows.map((r) => playerBonusUpdatedEventSchema.parse(r.payload).bonus);
}

describe('rounds with an active bonus', () => {
  it('takes a stake cash first, then bonus; pays the win as the stake was split; counts wagering by weight', async () => {
    const p = await f.scPlayer(0);
    const bonus = await grantBonus(p.playerId, { amount: 1_000, wageringTenths: 100 });
    const before = await balances(p.playerId);
    expect(before.bonus).toBe(1_000);
    const token = await f.launch(p, 'dice');
    const opened = await f.open(token);
    expect(opened.bonus).toEqual({
      id: bonus.id,
      balance: 1_000,
      wagered: 0,
      wageringRequired: 10_000,
      maxBet: null,
    });

    // A stake above the cash: all the cash, the rest from the bonus; the win follows.
    const stake = 1_000;
    expect(before.cash).toBeLessThan(stake);
    const answer = await f.start(token, { bet: stake, params: LIKELY_WIN_DICE });
    const fromCash = before.cash;
    const fromBonus = stake - fromCash;
    const win = splitWin(answer.round.payout, { fromCash, fromBonus });
    const after = await balances(p.playerId);
    expect(after).toEqual({
      cash: before.cash - fromCash + win.toCash,
      bonus: before.bonus - fromBonus + win.toBonus,
    });
    expect(answer.balance).toBe(after.cash);
    // Dice is an original: half of the stake counts.
    expect(answer.bonus).toMatchObject({ wagered: 500, balance: after.bonus });
    expect((await bonusRow(bonus.id)).wagered).toBe(500);
    expect(await roundRow(answer.round.id)).toMatchObject({
      bonusId: bonus.id,
      bonusBet: fromBonus,
    });
    const events = await bonusEvents(p.playerId);
    expect(events.at(-1)).toMatchObject({
      id: bonus.id,
      status: 2,
      wagered: 500,
      balance: after.bonus,
    });
    await f.expectLedgerInvariants();
  });

  it('settles a burst of bonus rounds together, each where the rounds before it left the bonus', async () => {
    const p = await f.scPlayer(2_000);
    const bonus = await grantBonus(p.playerId, { amount: 20_000, wageringTenths: 100 });
    const token = await f.launch(p, 'dice');
    // The first round draws the seed pair (one-round path); the burst can then go in batches.
    await f.start(token, { bet: 100, params: LOSING_DICE });
    const before = await balances(p.playerId);
    const eventsBefore = (await bonusEvents(p.playerId)).length;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => f.startRaw(token, { bet: 1_000, params: LOSING_DICE })),
    );
    const answers = results.map((r) => f.answerOf(r)).sort((a, b) => a.round.nonce - b.round.nonce);
    // In nonce order each stake takes cash first, then bonus, and wagering moves by half of it.
    let cash = before.cash;
    let left = before.bonus;
    let wagered = 50;
    for (const a of answers) {
      const fromCash = Math.min(cash, 1_000);
      const win = splitWin(a.round.payout, { fromCash, fromBonus: 1_000 - fromCash });
      cash += win.toCash - fromCash;
      left += win.toBonus - (1_000 - fromCash);
      wagered += 500;
      expect(a.balance).toBe(cash);
      expect(a.bonus).toMatchObject({ id: bonus.id, wagered, balance: left });
      expect((await roundRow(a.round.id)).bonusBet).toBe(1_000 - fromCash);
    }
    expect(await balances(p.playerId)).toEqual({ cash, bonus: left });
    expect((await bonusRow(bonus.id)).wagered).toBe(wagered);
    const events = (await bonusEvents(p.playerId)).slice(eventsBefore);
    expect(events.map((e) => e.wagered)).toEqual(answers.map((a) => a.bonus!.wagered));
    await f.expectLedgerInvariants();
  });

  it('refuses a stake above the maximum bet, booking nothing', async () => {
    const p = await f.scPlayer(5_000);
    await grantBonus(p.playerId, { amount: 1_000, wageringTenths: 100, maxBet: 200 });
    const token = await f.launch(p, 'dice');
    const before = await balances(p.playerId);
    const res = await f.startRaw(token, { bet: 500, params: LOSING_DICE });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'BONUS_MAX_BET', details: { maxBet: 200 } });
    expect(await balances(p.playerId)).toEqual(before);
    expect((await f.startRaw(token, { bet: 200, params: LOSING_DICE })).statusCode).toBe(200);
  });

  it('completes when wagering is done: the bonus balance becomes cash, the bonus is played', async () => {
    const p = await f.scPlayer(5_000);
    const bonus = await grantBonus(p.playerId, { amount: 1_000, wageringTenths: 10 });
    // Wagering 10 short: the next round (half of 20 counts) completes it.
    await db().update(playerBonuses).set({ wagered: 990 }).where(eq(playerBonuses.id, bonus.id));
    const token = await f.launch(p, 'dice');
    const before = await balances(p.playerId);
    const answer = await f.start(token, { bet: 20, params: LOSING_DICE });
    const lost = answer.round.status === BetStatus.Lost ? 20 : 20 - answer.round.payout;
    // Cash paid the stake, then received the whole bonus balance.
    expect(await balances(p.playerId)).toEqual({ cash: before.cash - lost + 1_000, bonus: 0 });
    expect(answer.balance).toBe(before.cash - lost + 1_000);
    expect(answer.bonus).toBeNull();
    expect(await bonusRow(bonus.id)).toMatchObject({
      status: BonusStatus.Finished,
      result: BonusResult.Played,
      wagered: 1_000,
    });
    expect((await bonusEvents(p.playerId)).at(-1)).toMatchObject({
      id: bonus.id,
      status: BonusStatus.Finished,
      result: BonusResult.Played,
    });
    await f.expectLedgerInvariants();
  });

  it('is lost when its balance reaches 0 with no open round holding a bonus stake', async () => {
    const p = await f.scPlayer(0);
    const { cash } = await balances(p.playerId);
    // A bonus that makes cash + bonus a bet level: the whole of it staked at once.
    const level = BET_LEVELS.SC.find((l) => l > cash)!;
    const bonus = await grantBonus(p.playerId, { amount: level - cash, wageringTenths: 100 });
    const token = await f.launch(p, 'dice');
    // On a roll that loses (1 in 10,000 it wins: then the bonus goes on).
    const answer = await f.start(token, { bet: level, params: LOSING_DICE });
    if (answer.round.status !== BetStatus.Lost) return;
    expect(await balances(p.playerId)).toEqual({ cash: 0, bonus: 0 });
    expect(answer.bonus).toBeNull();
    expect(await bonusRow(bonus.id)).toMatchObject({
      status: BonusStatus.Finished,
      result: BonusResult.Lost,
    });
    await f.expectLedgerInvariants();
  });

  it('refunds a rolled-back round to the accounts that staked it; wagering never counted it', async () => {
    const p = await f.scPlayer(0);
    const bonus = await grantBonus(p.playerId, { amount: 1_000, wageringTenths: 100 });
    const before = await balances(p.playerId);
    const token = await f.launch(p, 'mines');
    const stake = 1_000;
    const started = await f.start(token, { bet: stake, params: { mines: 3 } });
    expect(await balances(p.playerId)).toEqual({
      cash: 0,
      bonus: before.bonus - (stake - before.cash),
    });
    const res = await f.call(
      'POST',
      `/api/dev/rounds/${started.round.id}/rollback`,
      operatorHeaders(),
      { reason: 'game client crashed' },
    );
    expect(res.statusCode).toBe(200);
    expect(await balances(p.playerId)).toEqual(before);
    expect((await bonusRow(bonus.id)).wagered).toBe(0);
    expect((await roundRow(started.round.id)).status).toBe(BetStatus.Refunded);
    await f.expectLedgerInvariants();
  });

  it('counts a stateful round at settlement, its win split as its stakes were', async () => {
    const p = await f.scPlayer(0);
    const bonus = await grantBonus(p.playerId, { amount: 1_000, wageringTenths: 100 });
    const before = await balances(p.playerId);
    const token = await f.launch(p, 'mines');
    const started = await f.start(token, { bet: 1_000, params: { mines: 1 } });
    expect((await bonusRow(bonus.id)).wagered).toBe(0);
    const [row] = await db().select().from(gameRounds).where(eq(gameRounds.id, started.round.id));
    const mines = (row!.state as { mines: number[] }).mines;
    const tile = [...Array(25).keys()].find((i) => !mines.includes(i))!;
    await f.act(token, started.round.id, { type: 'reveal', tile });
    const cashed = await f.act(token, started.round.id, { type: 'cashout' });
    expect(cashed.round.done).toBe(true);
    const fromBonus = 1_000 - before.cash;
    const win = splitWin(cashed.round.payout, { fromCash: before.cash, fromBonus });
    expect(await balances(p.playerId)).toEqual({
      cash: win.toCash,
      bonus: before.bonus - fromBonus + win.toBonus,
    });
    expect((await bonusRow(bonus.id)).wagered).toBe(500);
    expect(cashed.bonus).toMatchObject({ wagered: 500 });
    await f.expectLedgerInvariants();
  });

  it('leaves a player without a bonus on the plain path', async () => {
    const p = await f.scPlayer(5_000);
    const token = await f.launch(p, 'dice');
    expect((await f.open(token)).bonus).toBeNull();
    const answer = await f.start(token, { bet: 1_000, params: LOSING_DICE });
    expect(answer.bonus).toBeNull();
    expect(await roundRow(answer.round.id)).toMatchObject({ bonusId: null, bonusBet: 0 });
    expect(await balanceOf(t, p.playerId, 'SC', 'bonus')).toBe(0);
  });
});
