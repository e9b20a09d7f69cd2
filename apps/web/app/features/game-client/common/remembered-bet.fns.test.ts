import { describe, expect, it } from 'vitest';
import { betStorageKey, initialBet } from './remembered-bet.fns';

describe('remembered bet', () => {
  const levels = [10, 20, 50, 100];
  it('starts with the remembered bet when it is still a level', () => {
    expect(initialBet('50', levels, 10)).toBe(50);
  });
  it('falls back to the default for nothing, garbage or a level gone', () => {
    expect(initialBet(null, levels, 10)).toBe(10);
    expect(initialBet('1e3', levels, 10)).toBe(10);
    expect(initialBet('-20', levels, 10)).toBe(10);
    expect(initialBet('30', levels, 10)).toBe(10);
  });
  it('keeps a bet per game and currency', () => {
    expect(betStorageKey('dice', 'GC')).not.toBe(betStorageKey('dice', 'SC'));
    expect(betStorageKey('dice', 'GC')).not.toBe(betStorageKey('limbo', 'GC'));
  });
});
