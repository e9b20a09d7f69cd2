import { describe, expect, it } from 'vitest';
import { coinsToMinor, formatCoins, formatMultiplier, outcomeOf } from './display.fns';

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
});
