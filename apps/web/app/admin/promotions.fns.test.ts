import { describe, expect, it } from 'vitest';
import { claimsText, moveStep, stepChanges, stepMovable } from './promotions.fns';

describe('claimsText', () => {
  it('shows the claims alone without a cap, and against the cap with one', () => {
    expect(claimsText({ claims: 12, claimCap: null })).toBe('12');
    expect(claimsText({ claims: 12, claimCap: 100 })).toBe('12 / 100');
    expect(claimsText({ claims: 0, claimCap: 0 })).toBe('0 / 0');
  });
});

describe('moveStep', () => {
  it('moves a step up or down by one place', () => {
    expect(moveStep(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at either end', () => {
    expect(moveStep(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveStep(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('stepMovable', () => {
  it('keeps the steps players reached in place, and nothing moves above them', () => {
    // Four steps, the first two reached.
    expect(stepMovable(1, 1, 2, 4)).toBe(false);
    expect(stepMovable(2, -1, 2, 4)).toBe(false);
    expect(stepMovable(2, 1, 2, 4)).toBe(true);
    expect(stepMovable(3, -1, 2, 4)).toBe(true);
  });

  it('stops at the ends', () => {
    expect(stepMovable(0, -1, 0, 3)).toBe(false);
    expect(stepMovable(2, 1, 0, 3)).toBe(false);
  });
});

describe('stepChanges', () => {
  it('lists added and removed quests and says when only the order changed', () => {
    expect(stepChanges([1, 2, 3], [1, 3, 4])).toEqual({
      added: [4],
      removed: [2],
      reordered: false,
    });
    expect(stepChanges([1, 2], [2, 1])).toEqual({ added: [], removed: [], reordered: true });
    expect(stepChanges([1, 2], [1, 2])).toEqual({ added: [], removed: [], reordered: false });
  });
});
