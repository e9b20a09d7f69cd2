import fc from 'fast-check';
import { countUpDurationMs, countUpValue, isMutedValue, winTierOf } from './slot-win.fns.ts';

describe('winTierOf', () => {
  it('is none without a payout, a win under 10× the bet, a big win from 10×', () => {
    expect(winTierOf(0, 100)).toBe('none');
    expect(winTierOf(50, 100)).toBe('win');
    expect(winTierOf(999, 100)).toBe('win');
    expect(winTierOf(1_000, 100)).toBe('big');
  });
});

describe('countUpDurationMs', () => {
  it('counts longer for a big win, and not at all with reduced motion or no win', () => {
    expect(countUpDurationMs('big', false)).toBeGreaterThan(countUpDurationMs('win', false));
    expect(countUpDurationMs('win', false)).toBeGreaterThan(0);
    expect(countUpDurationMs('big', true)).toBe(0);
    expect(countUpDurationMs('none', false)).toBe(0);
  });
});

describe('countUpValue', () => {
  it('starts at 0, ends at the target, and shows the target at once without a duration', () => {
    expect(countUpValue(5_000, 0, 900)).toBe(0);
    expect(countUpValue(5_000, 900, 900)).toBe(5_000);
    expect(countUpValue(5_000, 10, 0)).toBe(5_000);
  });

  it('never goes down or past the target as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 0, max: 6_000 }),
        (target, duration, a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          const first = countUpValue(target, early, duration);
          const second = countUpValue(target, late, duration);
          expect(first).toBeLessThanOrEqual(second);
          expect(second).toBeLessThanOrEqual(target);
          expect(Number.isInteger(first)).toBe(true);
        },
      ),
    );
  });
});

describe('isMutedValue', () => {
  it('is muted only when the player chose it', () => {
    expect(isMutedValue('1')).toBe(true);
    expect(isMutedValue('0')).toBe(false);
    expect(isMutedValue(null)).toBe(false);
  });
});
