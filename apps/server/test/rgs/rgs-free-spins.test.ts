import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
  errorBodySchema,
  type FreeSpinsReward,
} from '@coinfall/shared';
import {
  bonusDefinitions,
  gameRoundPostings,
  gameRounds,
  playerBonuses,
  playerFreeSpins,
} from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { asPlayer, balanceOf } from '../bonus/bonus-fixtures.ts';
import type { TestPlayer } from '../redemption/redemption-fixtures.ts';
import { rgsFixtures } from './rgs-fixtures.ts';

// Free spins played by the game server (issue 14): a spin costs the player nothing, its win adds
// up on the free spin and is paid when the last one settles, as cash or as a bonus.
let t: TestApp;
let f: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  f = rgsFixtures(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

async function grantSpins(
  playerId: string,
  reward: Omit<FreeSpinsReward, 'currency'>,
  activation: 'auto' | 'manual' = 'auto',
) {
  const [def] = await db()
    .insert(bonusDefinitions)
    .values({
      slug: `spins-${randomUUID()}`,
      kind: 'code',
      freeSpins: { ...reward, currency: 'SC' },
      wageringTenths: 10,
      contributions: { slot: 100, original: 100, table: 20 },
      activation,
    })
    .returning();
  const granted = await asPlayer(t, playerId, (tx) =>
    t.app.bonus.lifecycle.grant(tx, { playerId, definition: def!, source: 'test' }),
  );
  const spin = granted?.freeSpins[0];
  if (!spin) throw new Error('no free spins granted');
  return spin;
}

async function spinRow(id: number) {
  const [row] = await db().select().from(playerFreeSpins).where(eq(playerFreeSpins.id, id));
  return row!;
}

/** Plays one free spin to its end (a spin may win the slot's own free games: acts). */
async function playSpin(token: string, freeSpinId: number) {
  let answer = await f.start(token, { bet: 20, params: {}, freeSpinId });
  while (!answer.round.done) answer = await f.act(token, answer.round.id, { type: 'spin' });
  return answer;
}

async function playAll(p: TestPlayer, spinId: number, count: number) {
  const token = await f.launch(p, 'frosty-fortunes');
  const opened = await f.open(token);
  expect(opened.freeSpins).toMatchObject({ id: spinId, left: count, bet: 20, won: 0 });
  const cash = await balanceOf(t, p.playerId, 'SC', 'player');
  let won = 0;
  const roundIds: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const answer = await playSpin(token, spinId);
    won += answer.round.payout;
    roundIds.push(answer.round.id);
    expect(answer.freeSpins).toMatchObject({ id: spinId, left: count - n });
    if (n < count) {
      // Nothing paid yet, nothing staked: the cash has not moved.
      expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(cash);
      expect(answer.freeSpins?.won).toBe(won);
    }
  }
  // No ledger posting for any free-spin round: the house's stake and the win sit on the spin.
  const postings = await db()
    .select()
    .from(gameRoundPostings)
    .where(inArray(gameRoundPostings.roundId, roundIds));
  expect(postings).toEqual([]);
  const rounds = await db().select().from(gameRounds).where(inArray(gameRounds.id, roundIds));
  expect(rounds.every((r) => r.freeSpinId === spinId && r.bet === 20)).toBe(true);
  return { cash, won, token };
}

describe('free spins in the game server', () => {
  it('costs nothing per spin and pays the total as cash when the last one settles', async () => {
    const p = await f.scPlayer(0);
    const spin = await grantSpins(p.playerId, {
      gameIdentity: 'frosty-fortunes',
      count: 3,
      bet: 20,
      payout: 'cash',
    });
    const { cash, won, token } = await playAll(p, spin.id, 3);
    expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(cash + won);
    expect(await spinRow(spin.id)).toMatchObject({
      status: FreeSpinStatus.Finished,
      result: FreeSpinResult.Played,
      used: 3,
      won,
    });
    // Used up: another start with it is refused, and the game no longer offers it.
    const again = await f.startRaw(token, { bet: 20, params: {}, freeSpinId: spin.id });
    expect(again.statusCode).toBe(409);
    expect((await f.open(token)).freeSpins).toBeNull();
    await f.expectLedgerInvariants();
  });

  it('activates issued spins on first use and pays their win as a bonus', async () => {
    const p = await f.scPlayer(0);
    const spin = await grantSpins(
      p.playerId,
      { gameIdentity: 'frosty-fortunes', count: 2, bet: 20, payout: 'bonus' },
      'manual',
    );
    expect(spin.status).toBe(FreeSpinStatus.Issued);
    const { cash, won } = await playAll(p, spin.id, 2);
    const row = await spinRow(spin.id);
    expect(row).toMatchObject({ result: FreeSpinResult.Played, won });
    expect(row.activatedAt).not.toBeNull();
    expect(await balanceOf(t, p.playerId, 'SC', 'player')).toBe(cash);
    const bonuses = await db()
      .select()
      .from(playerBonuses)
      .where(
        and(
          eq(playerBonuses.playerId, p.playerId),
          eq(playerBonuses.source, `freespins:${spin.id}`),
        ),
      );
    if (won === 0) {
      expect(bonuses).toEqual([]);
    } else {
      expect(bonuses).toMatchObject([{ amount: won, status: BonusStatus.Active }]);
      expect(await balanceOf(t, p.playerId, 'SC', 'bonus')).toBe(won);
    }
    await f.expectLedgerInvariants();
  });

  it('refuses a free spin of another game, of another player, or on a game that is no slot', async () => {
    const p = await f.scPlayer(0);
    const other = await f.scPlayer(0);
    const spin = await grantSpins(p.playerId, {
      gameIdentity: 'frosty-fortunes',
      count: 2,
      bet: 20,
      payout: 'cash',
    });
    const dice = await f.launch(p, 'dice');
    const onDice = await f.startRaw(dice, { bet: 20, params: {}, freeSpinId: spin.id });
    expect(onDice.statusCode).toBe(400);
    expect(errorOf(onDice).details?.fields?.[0]?.field).toBe('body.freeSpinId');

    const huge = await f.startRaw(dice, { bet: 20, params: {}, freeSpinId: 2 ** 31 });
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge).details?.fields?.[0]?.field).toBe('body.freeSpinId');

    const theirs = await f.launch(other, 'frosty-fortunes');
    const stolen = await f.startRaw(theirs, { bet: 20, params: {}, freeSpinId: spin.id });
    expect(stolen.statusCode).toBe(404);
    expect(await spinRow(spin.id)).toMatchObject({ used: 0 });

    const mines = await grantSpins(other.playerId, {
      gameIdentity: 'mines',
      count: 2,
      bet: 20,
      payout: 'cash',
    });
    const onMines = await f.launch(other, 'mines');
    const refused = await f.startRaw(onMines, {
      bet: 20,
      params: { mines: 3 },
      freeSpinId: mines.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toMatch(/slots only/);
  });
});
