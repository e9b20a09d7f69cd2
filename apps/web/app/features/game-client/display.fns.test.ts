import { describe, expect, it } from 'vitest';
import { minesMultiplierE4 } from '@coinfall/shared/games/originals/mines';
import { payoutOf } from '@coinfall/shared/games/engine';
import {
  coinsToMinor,
  formatCoins,
  formatMultiplier,
  outcomeOf,
  resultMultiplierE4,
} from './display.fns';

describe('game client display', () => {
  it('formats coins as the site does (100 minor units to the coin)', () => {
    expect(formatCoins(100_000, 'SC', 'en')).toBe('1,000 SC');
    expect(formatCoins(20, 'SC', 'en')).toBe('0.2 SC');
    expect(formatCoins(1_000, 'GC', 'en')).toBe('10 GC');
  });
  it('formats multipliers with two to four decimals', () => {
    expect(formatMultiplier(20_000, 'en')).toBe('×2.00');
    expect(formatMultiplier(19_801, 'en')).toBe('×1.9801');
  });
  it('reads typed coins as minor units', () => {
    expect(coinsToMinor('12.5')).toBe(1_250);
    expect(coinsToMinor('12,5')).toBe(1_250);
    expect(coinsToMinor('abc')).toBeNull();
    expect(coinsToMinor('1.234')).toBeNull();
  });
  it('calls a round a win only when it pays more than it staked', () => {
    expect(outcomeOf({ bet: 100, payout: 150 })).toBe('win');
    expect(outcomeOf({ bet: 100, payout: 100 })).toBe('even');
    expect(outcomeOf({ bet: 100, payout: 50 })).toBe('loss');
  });

  it('a mines cash-out announces the multiplier shown during the round', () => {
    // 3 mines, 3 safe tiles: the running multiplier is not a whole number of 1/10 000 of a 10 GC payout.
    const during = minesMultiplierE4(3, 3);
    const bet = 1_000;
    const payout = payoutOf(bet, during);
    expect(Math.floor((payout * 10_000) / bet)).not.toBe(during);
    const shown = resultMultiplierE4({ bet, payout, view: { multiplierE4: during } });
    expect(formatMultiplier(shown, 'en')).toBe(formatMultiplier(during, 'en'));
  });

  it('without an engine multiplier, payout ÷ bet rounded down', () => {
    expect(resultMultiplierE4({ bet: 300, payout: 1_000, view: null })).toBe(33_333);
    expect(resultMultiplierE4({ bet: 0, payout: 0 })).toBe(0);
  });
});
