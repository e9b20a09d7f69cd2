import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainStepsDiff, chainStepsProblem, fixedStepCount } from './quest-chain-steps.fns.ts';

const chain = (...reached: boolean[]) => reached.map((r, i) => ({ questId: 100 + i, reached: r }));

describe('fixedStepCount', () => {
  it('is zero when no player has reached any step', () => {
    expect(fixedStepCount(chain(false, false))).toBe(0);
  });
  it('runs through the last reached step, unreached ones before it included', () => {
    expect(fixedStepCount(chain(true, false, true, false))).toBe(3);
  });
});

describe('chainStepsProblem', () => {
  it('allows any change while no step is reached', () => {
    expect(chainStepsProblem(chain(false, false), [101])).toBeNull();
    expect(chainStepsProblem(chain(false, false), [7, 101, 100])).toBeNull();
  });

  it('allows reordering, adding and removing after the last reached step', () => {
    // 100 reached; 101 and 102 not.
    const current = chain(true, false, false);
    expect(chainStepsProblem(current, [100, 102, 101])).toBeNull();
    expect(chainStepsProblem(current, [100, 9, 102])).toBeNull();
    expect(chainStepsProblem(current, [100])).toBeNull();
  });

  it('refuses removing a reached step, naming the entry', () => {
    expect(chainStepsProblem(chain(true, true, false), [100, 102])).toMatchObject({ index: 1 });
  });

  it('refuses inserting a step before a reached one', () => {
    expect(chainStepsProblem(chain(true, true), [100, 9, 101])).toMatchObject({ index: 1 });
  });

  it('refuses moving a reached step, or an unreached one before it', () => {
    expect(chainStepsProblem(chain(true, false), [101, 100])).toMatchObject({ index: 0 });
    expect(chainStepsProblem(chain(false, false, true), [101, 100, 102])).toMatchObject({
      index: 0,
    });
  });

  it('names no entry when the list stops before the fixed steps end', () => {
    expect(chainStepsProblem(chain(true, true), [100])).toMatchObject({ index: null });
  });

  it('accepts exactly the lists that start with the fixed steps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 8 }),
        fc.array(fc.integer({ min: 100, max: 110 }), { maxLength: 10 }),
        (reached, next) => {
          const current = chain(...reached);
          const fixed = current.slice(0, fixedStepCount(current)).map((s) => s.questId);
          const keeps = fixed.every((id, i) => next[i] === id);
          expect(chainStepsProblem(current, next) === null).toBe(keeps);
        },
      ),
    );
  });
});

describe('chainStepsDiff', () => {
  it('lists the quests added and removed', () => {
    expect(chainStepsDiff([1, 2, 3], [3, 4, 1])).toEqual({ added: [4], removed: [2] });
  });
});
