import type { ActivityBet, Winner, WinnersBoard } from '@coinfall/shared/contracts/realtime';
import {
  boardCountryOf,
  boardDeviceOf,
  isAlertableWinner,
  newWinnersOf,
  prependActivity,
} from './live-boards.fns';

const bet = (roundId: string): ActivityBet => ({
  roundId,
  gameId: 'g1',
  gameName: 'Lucky',
  nickname: 'ada',
  currency: 'SC',
  payout: 500,
  settledAt: '2026-01-01T00:00:00.000Z',
});
const winner = (roundId: string, over: Partial<Winner> = {}): Winner => ({
  ...bet(roundId),
  bet: 100,
  multiplier: 5,
  ...over,
});
const board = (...latest: Winner[]): WinnersBoard => ({
  device: 'desktop',
  country: 'US',
  latest,
  top: [],
});

describe('boardDeviceOf', () => {
  it('reads mobile from a phone user agent or a narrow viewport', () => {
    expect(boardDeviceOf({ mobileUserAgent: true, widthPx: 1400 })).toBe('mobile');
    expect(boardDeviceOf({ mobileUserAgent: false, widthPx: 400 })).toBe('mobile');
    expect(boardDeviceOf({ mobileUserAgent: false, widthPx: 1024 })).toBe('desktop');
  });
});

describe('boardCountryOf', () => {
  it('uses the profile country, else the default', () => {
    expect(boardCountryOf('BR', 'US')).toBe('BR');
    expect(boardCountryOf(null, 'US')).toBe('US');
    expect(boardCountryOf('br', 'US')).toBe('US');
  });
});

describe('prependActivity', () => {
  it('puts a live row on top and keeps the board size', () => {
    const rows = [bet('r2'), bet('r1')];
    expect(prependActivity(rows, bet('r3'), 2).map((r) => r.roundId)).toEqual(['r3', 'r2']);
  });

  it('never shows a round twice', () => {
    const rows = [bet('r2'), bet('r1')];
    expect(prependActivity(rows, bet('r1'), 20)).toBe(rows);
  });
});

describe('newWinnersOf', () => {
  it('lists the winners the previous board did not have', () => {
    expect(
      newWinnersOf(board(winner('a')), board(winner('b'), winner('a'))).map((w) => w.roundId),
    ).toEqual(['b']);
    expect(newWinnersOf(undefined, board(winner('a'))).map((w) => w.roundId)).toEqual(['a']);
  });
});

describe('isAlertableWinner', () => {
  const rule = { gameId: 'g1', currency: 'SC', minPayout: 100 };

  it('alerts a win of this game in SC of at least one unit', () => {
    expect(isAlertableWinner(winner('a', { payout: 100 }), rule)).toBe(true);
  });

  it('stays quiet for another game, another currency or less than one unit', () => {
    expect(isAlertableWinner(winner('a', { gameId: 'g2' }), rule)).toBe(false);
    expect(isAlertableWinner(winner('a', { currency: 'GC' }), rule)).toBe(false);
    expect(isAlertableWinner(winner('a', { payout: 99 }), rule)).toBe(false);
  });
});
