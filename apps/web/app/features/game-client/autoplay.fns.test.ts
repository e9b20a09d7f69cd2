import { describe, expect, it } from 'vitest';
import {
  AUTOPLAY_MAX_ROUNDS,
  autoplayReducer,
  initialAutoplay,
  roundsLeft,
  type AutoplaySettings,
  type AutoplayState,
} from './autoplay.fns';

const settings = (over: Partial<AutoplaySettings> = {}): AutoplaySettings => ({
  rounds: 3,
  stopOnWin: false,
  stopOnLoss: false,
  stopBelowBalance: null,
  ...over,
});

const start = (over: Partial<AutoplaySettings> = {}, balance = 10_000) =>
  autoplayReducer(initialAutoplay, { type: 'start', settings: settings(over), balance });

const round = (state: AutoplayState, payout: number, balance = 10_000, bet = 100) =>
  autoplayReducer(state, { type: 'round', bet, payout, balance });

describe('autoplay machine', () => {
  it('plays the number of rounds asked, then stops', () => {
    let state = start({ rounds: 3 });
    expect(state.status).toBe('running');
    state = round(state, 0);
    state = round(state, 200);
    expect(roundsLeft(state)).toBe(1);
    state = round(state, 0);
    expect(state).toMatchObject({ status: 'stopped', stopReason: 'rounds', played: 3 });
    expect(roundsLeft(state)).toBe(0);
  });

  it('stops on a win only when asked to, and a stake back is no win', () => {
    expect(round(start({ stopOnWin: true }), 100).status).toBe('running');
    expect(round(start({ stopOnWin: true }), 101).stopReason).toBe('win');
    expect(round(start(), 5_000).status).toBe('running');
  });

  it('stops on a loss (paying less than staked) when asked to', () => {
    expect(round(start({ stopOnLoss: true }), 50).stopReason).toBe('loss');
    expect(round(start({ stopOnLoss: true }), 100).status).toBe('running');
  });

  it('stops once the balance falls below the floor', () => {
    const state = start({ stopBelowBalance: 5_000 });
    expect(round(state, 0, 5_000).status).toBe('running');
    expect(round(state, 0, 4_999).stopReason).toBe('balance');
  });

  it('does not start when the balance is already below the floor', () => {
    expect(start({ stopBelowBalance: 5_000 }, 4_000)).toMatchObject({
      status: 'stopped',
      stopReason: 'balance',
      played: 0,
    });
  });

  it('stops when a round errors, and when the player stops it', () => {
    expect(autoplayReducer(start(), { type: 'error' }).stopReason).toBe('error');
    expect(autoplayReducer(start(), { type: 'stop' }).stopReason).toBe('player');
  });

  it('ignores rounds and errors that arrive after it stopped', () => {
    const stopped = autoplayReducer(start(), { type: 'stop' });
    expect(round(stopped, 500)).toBe(stopped);
    expect(autoplayReducer(stopped, { type: 'error' })).toBe(stopped);
  });

  it('keeps the round count between 1 and the maximum', () => {
    expect(start({ rounds: 0 }).settings?.rounds).toBe(1);
    expect(start({ rounds: 10 ** 6 }).settings?.rounds).toBe(AUTOPLAY_MAX_ROUNDS);
  });

  it('a second start while running changes nothing', () => {
    const running = start({ rounds: 5 });
    expect(
      autoplayReducer(running, { type: 'start', settings: settings({ rounds: 9 }), balance: 1 }),
    ).toBe(running);
  });

  it('starts afresh after a stop', () => {
    const again = autoplayReducer(autoplayReducer(round(start(), 0), { type: 'stop' }), {
      type: 'start',
      settings: settings(),
      balance: 10_000,
    });
    expect(again).toMatchObject({ status: 'running', played: 0, stopReason: null });
  });
});
