import { describe, expect, it } from 'vitest';
import { ladderProblem, levelsMoved, withSublevel } from './loyalty-admin.fns.ts';

const levels = [
  { id: 10, position: 2 },
  { id: 20, position: 1 },
];
const sub = (id: number, levelId: number, position: number, points: number) => ({
  id,
  levelId,
  position,
  points,
});

describe('ladderProblem', () => {
  it('accepts thresholds growing along levels in order, then sublevels in order', () => {
    expect(
      ladderProblem(levels, [sub(1, 10, 1, 500), sub(2, 20, 2, 100), sub(3, 20, 1, 0)]),
    ).toBeNull();
  });

  it('refuses a threshold not above the one before it, across a level boundary', () => {
    expect(
      ladderProblem(levels, [sub(1, 10, 1, 100), sub(2, 20, 1, 0), sub(3, 20, 2, 100)]),
    ).toMatch(/100 is not above 100/);
  });

  it('refuses a sublevel moved before a lower threshold', () => {
    const ladder = [sub(1, 20, 1, 0), sub(2, 20, 2, 50), sub(3, 20, 3, 90)];
    expect(ladderProblem(levels, withSublevel(ladder, sub(3, 20, 3, 40)))).not.toBeNull();
    expect(ladderProblem(levels, withSublevel(ladder, sub(4, 20, 4, 91)))).toBeNull();
  });
});

describe('levelsMoved', () => {
  const three = [
    { id: 1, position: 1 },
    { id: 2, position: 2 },
    { id: 3, position: 5 },
  ];
  const order = (places: { id: number; position: number }[]) =>
    [...places].sort((a, b) => a.position - b.position).map((l) => l.id);

  it('moves a level up, the others closing up and numbered from 1', () => {
    expect(levelsMoved(three, 3, 1)).toEqual([
      { id: 3, position: 1 },
      { id: 1, position: 2 },
      { id: 2, position: 3 },
    ]);
  });

  it('moves a level down, and past the end to last', () => {
    expect(order(levelsMoved(three, 1, 2))).toEqual([2, 1, 3]);
    expect(order(levelsMoved(three, 1, 9))).toEqual([2, 3, 1]);
  });

  it('leaves the sequence as it is for an unknown level or its own place', () => {
    expect(order(levelsMoved(three, 7, 1))).toEqual([1, 2, 3]);
    expect(order(levelsMoved(three, 2, 2))).toEqual([1, 2, 3]);
  });

  it('refused by the ladder check when a level with thresholds moves below a higher one', () => {
    const subs = [sub(1, 1, 1, 0), sub(2, 2, 1, 100), sub(3, 3, 1, 200)];
    expect(ladderProblem(levelsMoved(three, 3, 1), subs)).toMatch(/0 is not above 200/);
    // A level without sublevels may go anywhere: no threshold moves.
    expect(ladderProblem(levelsMoved(three, 3, 1), subs.slice(0, 2))).toBeNull();
  });
});
