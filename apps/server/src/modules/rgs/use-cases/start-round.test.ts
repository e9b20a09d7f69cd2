import { BET_LEVELS, PlayerStatus } from '@coinfall/shared';
import { engineOf } from '@coinfall/shared/games/index';
import type { Database } from '../../../db/client.ts';
import type { GameSessionRow } from '../game-session.repo.ts';
import type { ActiveBonus } from '../round-bonus.fns.ts';
import type { StartReads } from '../rounds.repo.ts';
import { createStartRound, type StartRoundDeps } from './start-round.ts';

// The start's rules with fakes for every dep (the Pick<> deps make them cheap): what it refuses
// before booking anything, and when it asks the limits. The statements themselves are covered
// on both databases by test/rgs-rounds.test.ts.
const tx = {} as Database;
const at = new Date('2026-01-01T12:00:00Z');
const session: GameSessionRow = {
  id: 'session-1',
  tokenHash: 'hash',
  playerId: '00000000-0000-4000-8000-000000000001',
  playerSessionId: 'player-session-1',
  gameId: 7,
  accountId: 'account-1',
  currency: 'SC',
  device: 'mobile',
  country: 'US',
  createdAt: at,
  expiresAt: new Date(at.getTime() + 60_000),
};
const LOSING_DICE = { target: 0.01, direction: 'under' };

function fakes(
  reads: Partial<StartReads> = {},
  excludedUntil: Date | null = null,
  game: { engine: string; kind: string } = { engine: 'dice', kind: 'original' },
) {
  const calls: string[] = [];
  const limitOptions: unknown[] = [];
  const deps: StartRoundDeps = {
    now: () => at,
    engineOf,
    // Jurisdiction rules have integration tests of their own (test/protection).
    sweeps: { assertSweepsPlay: async () => undefined },
    sessions: {
      lockPlayerWithGame: async () => {
        calls.push('lockPlayer');
        return {
          player: {
            id: session.playerId,
            status: PlayerStatus.Active,
            removedAt: null,
            excludedUntil,
            nickname: 'ace',
            country: 'US',
          },
          game: {
            enabled: true,
            ...game,
            name: 'Dice',
            identity: 'dice',
          } as never,
          collectionCountries: [],
        };
      },
      balanceOf: async () => {
        calls.push('balanceOf');
        return 0;
      },
    },
    repo: {
      startReads: async () => {
        calls.push('startReads');
        return {
          seed: {
            id: 'seed-1',
            serverSeed: 'a'.repeat(64),
            serverSeedHash: 'b'.repeat(64),
            clientSeed: 'c',
            nextNonce: 1,
          },
          openRoundId: null,
          balance: 10_000,
          limited: false,
          openCredits: false,
          bonus: null,
          freeSpin: null,
          ...reads,
        };
      },
      insertBooked: async () => {
        calls.push('insertBooked');
        return 9_000;
      },
      hasOpenBonusStake: async () => {
        calls.push('hasOpenBonusStake');
        return false;
      },
    },
    seeds: { takeNonce: async () => 0 },
    fairness: { lockActiveIn: async () => Promise.reject(new Error('not expected')) },
    postings: {
      post: async () => {
        calls.push('post');
        return { transactionId: 'tx-1', kind: 'bet' };
      },
      settle: async (_tx, _round, stake, win) => {
        calls.push(
          typeof stake === 'number' ? 'settle' : `settle ${JSON.stringify({ stake, win })}`,
        );
        return [{ transactionId: 'tx-1', kind: 'round' }];
      },
    },
    limits: {
      enforce: async (_tx, _player, _currency, _stake, options) => {
        calls.push('limits');
        limitOptions.push(options);
      },
    },
    recordWager: async () => {
      calls.push('recordWager');
    },
    bonus: {
      progressEvent: (bonus, wagered, balance) => {
        calls.push(`progressEvent ${wagered} ${balance}`);
        return { playerId: session.playerId, bonus: {} as never };
      },
      end: async (_tx, _bonus, wagered, end) => {
        calls.push(`end ${end} ${wagered}`);
      },
      freeSpinPlayed: async () => Promise.reject(new Error('not expected')),
    },
  };
  return { deps, calls, limitOptions, start: createStartRound(deps) };
}

const noCommit = () => undefined;

/** An active SC bonus of 1,000 with 500 in its account, 1,000 wagered of 10,000. */
function activeBonus(terms: { maxBet?: number; wagered?: number } = {}): ActiveBonus {
  return {
    row: {
      id: 9,
      playerId: session.playerId,
      bonusId: 1,
      status: 2,
      result: null,
      loyalty: null,
      currency: 'SC',
      amount: 1_000,
      wagered: terms.wagered ?? 1_000,
      wageringRequired: 10_000,
      maxBet: terms.maxBet ?? null,
      contributions: { slot: 100, original: 50, table: 20 },
      source: 'test',
      expiresAt: new Date(at.getTime() + 60_000),
      completeWithinHours: 24,
      issuedAt: at,
      activatedAt: at,
      finishedAt: null,
    },
    slug: 'test',
    kind: 'no-deposit',
    accountId: 'bonus-account-1',
    balance: 500,
  };
}

describe('start round (use case, with fakes)', () => {
  it('refuses a bet off the levels before it locks anything', async () => {
    const { start, calls } = fakes();
    await expect(
      start(tx, session, { bet: 30, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'BET_NOT_ALLOWED' });
    expect(calls).toEqual([]);
  });

  it('refuses a stake the balance does not cover, booking nothing', async () => {
    const { start, calls } = fakes({ balance: 10 });
    await expect(
      start(tx, session, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(calls).toEqual(['lockPlayer', 'startReads']);
  });

  it('refuses a player whose break began while the round waited for the lock, booking nothing', async () => {
    // The session guard passed (a cached answer); the row read under the lock has the break.
    const { start, calls } = fakes({}, new Date(at.getTime() + 24 * 3_600_000));
    await expect(
      start(tx, session, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' });
    expect(calls).toEqual(['lockPlayer']);
    // A break that has ended refuses nothing.
    const after = fakes({}, new Date(at.getTime() - 1));
    await after.start(tx, session, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit);
    expect(after.calls).toContain('insertBooked');
  });

  it('refuses a second open round of the game, naming the open one', async () => {
    const { start } = fakes({ openRoundId: 'round-open' });
    await expect(
      start(tx, session, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'ROUND_OPEN', details: { roundId: 'round-open' } });
  });

  it('asks the limits only for a player who has one, and counts playthrough only with credits', async () => {
    const plain = fakes();
    await plain.start(tx, session, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit);
    expect(plain.calls).toEqual(['lockPlayer', 'startReads', 'settle', 'insertBooked']);

    const limited = fakes({ limited: true, openCredits: true });
    await limited.start(tx, session, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit);
    expect(limited.calls).toEqual([
      'lockPlayer',
      'startReads',
      'limits',
      'settle',
      'insertBooked',
      'recordWager',
    ]);
    expect(limited.limitOptions).toEqual([{ onlySessionTime: false }]);
  });

  it('holds a free spin to the session-time limit only (decision 036)', async () => {
    const spin = {
      id: 5,
      playerId: session.playerId,
      bonusId: null,
      gameId: session.gameId,
      status: 1,
      result: null,
      currency: session.currency,
      count: 10,
      used: 0,
      bet: 20,
      won: 0,
      payout: 0,
      source: 'bonus',
      loyalty: null,
      expiresAt: new Date(at.getTime() + 3_600_000),
      issuedAt: at,
    } as unknown as StartReads['freeSpin'];
    const { start, calls, limitOptions } = fakes({ limited: true, freeSpin: spin }, null, {
      engine: 'slot:lucky-clover',
      kind: 'slot',
    });
    // The fakes stop the spin once it is played (freeSpinPlayed): the limits were asked first.
    await start(tx, session, { bet: 20, params: {}, freeSpinId: 5 }, noCommit).catch(() => null);
    expect(calls.slice(0, 3)).toEqual(['lockPlayer', 'startReads', 'limits']);
    expect(limitOptions).toEqual([{ onlySessionTime: true }]);
  });

  it('refuses an expired game session before anything else', async () => {
    const { start, calls } = fakes();
    const expired = { ...session, expiresAt: at };
    await expect(
      start(tx, expired, { bet: BET_LEVELS.SC[0]!, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'GAME_SESSION_EXPIRED' });
    expect(calls).toEqual([]);
  });

  it('refuses a stake above the bonus maximum before it books anything', async () => {
    const { start, calls } = fakes({ bonus: activeBonus({ maxBet: 50 }) });
    await expect(
      start(tx, session, { bet: 100, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'BONUS_MAX_BET', details: { maxBet: 50 } });
    expect(calls).toEqual(['lockPlayer', 'startReads']);
  });

  it('splits the stake cash first, counts wagering by weight, in the round statement', async () => {
    const { start, calls } = fakes({ balance: 20, bonus: activeBonus() });
    const answer = await start(tx, session, { bet: 200, params: LOSING_DICE }, noCommit);
    expect(calls[2]).toBe(
      `settle ${JSON.stringify({ stake: { cash: 20, bonus: 180 }, win: { cash: 0, bonus: 0 } })}`,
    );
    // Dice is an original (weight 50): 100 of the 200 counts.
    expect(calls.slice(3)).toEqual(['progressEvent 1100 320', 'insertBooked']);
    expect(answer.bonus).toMatchObject({ id: 9, wagered: 1_100, balance: 320 });
  });

  it('covers a stake with cash and bonus together, and no more', async () => {
    const { start } = fakes({ balance: 20, bonus: activeBonus() });
    await expect(
      start(tx, session, { bet: 1_000, params: LOSING_DICE }, noCommit),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('completes the bonus through the lifecycle once wagering is done', async () => {
    const { start, calls } = fakes({ balance: 0, bonus: activeBonus({ wagered: 9_990 }) });
    const answer = await start(tx, session, { bet: 50, params: LOSING_DICE }, noCommit);
    expect(calls.slice(3)).toEqual(['insertBooked', 'end complete 10000', 'balanceOf']);
    expect(answer.bonus).toBeNull();
  });
});
