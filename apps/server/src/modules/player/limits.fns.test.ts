import fc from 'fast-check';
import {
  changeLimitAmount,
  LIMIT_COOLING_OFF_MS,
  needsSettling,
  scheduleLimitRemoval,
  settleLimit,
  type LimitState,
} from './limits.fns.ts';

const NOW = new Date('2026-01-10T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const plain = (amount: number): LimitState => ({
  amount,
  pendingAmount: null,
  effectiveAt: null,
  removesAt: null,
});

const amount = fc.integer({ min: 1, max: 1_000_000_000 });
const instant = fc.integer({ min: 0, max: 10 * LIMIT_COOLING_OFF_MS }).map(later);
/** Any settled state: maybe a raise or a removal still waiting. */
const state = fc
  .record({
    amount,
    raise: fc.option(fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), instant)),
    removal: fc.option(instant),
  })
  .map(({ amount: a, raise, removal }): LimitState => ({
    amount: a,
    pendingAmount: raise ? a + raise[0] : null,
    effectiveAt: raise ? raise[1] : null,
    removesAt: removal,
  }));

describe('changeLimitAmount', () => {
  it('a decrease is never delayed: it applies at once and cancels what was waiting', () => {
    fc.assert(
      fc.property(state, fc.integer({ min: 1, max: 1_000_000_000 }), (current, requested) => {
        fc.pre(requested <= current.amount);
        const next = changeLimitAmount(current, requested, NOW);
        expect(next).toEqual(plain(requested));
        expect(settleLimit(next, NOW)?.amount).toBe(requested);
      }),
    );
  });

  it('a raise is never immediate: the old amount holds until the cooling-off ends', () => {
    fc.assert(
      fc.property(state, fc.integer({ min: 1, max: 1_000_000_000 }), (current, extra) => {
        const requested = current.amount + extra;
        const next = changeLimitAmount(current, requested, NOW);
        expect(next.amount).toBe(current.amount);
        expect(next.pendingAmount).toBe(requested);
        expect(next.removesAt).toBeNull();
        const due = next.effectiveAt?.getTime() ?? Number.NaN;
        expect(due).toBeGreaterThan(NOW.getTime());
        expect(settleLimit(next, NOW)?.amount).toBe(current.amount);
        expect(settleLimit(next, new Date(due - 1))?.amount).toBe(current.amount);
        expect(settleLimit(next, new Date(due))?.amount).toBe(requested);
      }),
    );
  });

  it('waits exactly the cooling-off for a new raise', () => {
    const next = changeLimitAmount(plain(100), 500, NOW);
    expect(next).toEqual({
      amount: 100,
      pendingAmount: 500,
      effectiveAt: later(LIMIT_COOLING_OFF_MS),
      removesAt: null,
    });
  });

  it('keeps the original time when the same raise is asked again, restarts for another', () => {
    const first = changeLimitAmount(plain(100), 500, NOW);
    expect(changeLimitAmount(first, 500, later(1000)).effectiveAt).toEqual(first.effectiveAt);
    expect(changeLimitAmount(first, 600, later(1000)).effectiveAt).toEqual(
      later(1000 + LIMIT_COOLING_OFF_MS),
    );
  });
});

describe('scheduleLimitRemoval', () => {
  it('never removes at once and keeps the amount until removesAt', () => {
    fc.assert(
      fc.property(state, (current) => {
        fc.pre(current.removesAt === null);
        const next = scheduleLimitRemoval(current, NOW);
        expect(next.amount).toBe(current.amount);
        expect(next.pendingAmount).toBeNull();
        expect(next.removesAt).toEqual(later(LIMIT_COOLING_OFF_MS));
        expect(settleLimit(next, later(LIMIT_COOLING_OFF_MS - 1))).not.toBeNull();
        expect(settleLimit(next, later(LIMIT_COOLING_OFF_MS))).toBeNull();
      }),
    );
  });

  it('keeps a removal already scheduled', () => {
    const scheduled = { ...plain(100), removesAt: later(5) };
    expect(scheduleLimitRemoval(scheduled, later(1))).toBe(scheduled);
  });
});

describe('settleLimit', () => {
  it('returns the same object when nothing is due', () => {
    const waiting = changeLimitAmount(plain(100), 500, NOW);
    expect(settleLimit(waiting, NOW)).toBe(waiting);
    expect(needsSettling(waiting, NOW)).toBe(false);
    expect(needsSettling(waiting, later(LIMIT_COOLING_OFF_MS))).toBe(true);
  });
});
