import type { GameRoundSettledEvent } from '@coinfall/shared';
import {
  isActivityWin,
  activityBetOf,
  isWinningRound,
  liveRoundOf,
  multiplierOf,
  winnerOf,
} from './live-boards.fns.ts';

const round: GameRoundSettledEvent = {
  roundId: 'r-1',
  playerId: '00000000-0000-4000-8000-00000000000a',
  nickname: 'ada',
  gameId: 'plinko',
  gameName: 'Plinko',
  currency: 'SC',
  bet: 100,
  payout: 500,
  device: 'mobile',
  country: null,
  settledAt: '2026-11-21T10:00:00.000Z',
};

describe('isWinningRound', () => {
  it('is a winner from 5× the bet, never with a zero bet', () => {
    expect(isWinningRound(100, 500)).toBe(true);
    expect(isWinningRound(100, 499)).toBe(false);
    expect(isWinningRound(0, 1000)).toBe(false);
  });
});

describe('isActivityWin', () => {
  it('is a win only when more is paid than staked', () => {
    expect(isActivityWin(100, 101)).toBe(true);
    expect(isActivityWin(0, 1)).toBe(true);
    expect(isActivityWin(100, 100)).toBe(false);
    expect(isActivityWin(100, 40)).toBe(false);
  });
});

describe('multiplierOf', () => {
  it('rounds payout ÷ bet to 2 decimals and is 0 without a bet', () => {
    expect(multiplierOf(3, 20)).toBe(6.67);
    expect(multiplierOf(100, 500)).toBe(5);
    expect(multiplierOf(0, 500)).toBe(0);
  });
});

describe('liveRoundOf', () => {
  it('puts an unknown country on the default (US) board and flags winners', () => {
    expect(liveRoundOf(7, round)).toMatchObject({ eventId: 7, country: 'US', isWinner: true });
    expect(liveRoundOf(8, { ...round, country: 'FR', payout: 10 })).toMatchObject({
      country: 'FR',
      isWinner: false,
    });
  });
});

describe('the public views', () => {
  it('never carry the player id', () => {
    const live = liveRoundOf(7, round);
    expect(JSON.stringify(activityBetOf(live))).not.toContain(round.playerId);
    expect(winnerOf(live)).toEqual({
      roundId: 'r-1',
      gameId: 'plinko',
      gameName: 'Plinko',
      nickname: 'ada',
      currency: 'SC',
      payout: 500,
      bet: 100,
      multiplier: 5,
      settledAt: '2026-11-21T10:00:00.000Z',
    });
  });
});
