import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoyaltyLevel, LoyaltySublevelRef } from '@coinfall/shared/contracts/loyalty';
import { highestReached, ladderPosition, ladderSteps, stepStanding } from './loyalty.fns';

function level(order: number, thresholds: number[]): LoyaltyLevel {
  return {
    id: order,
    slug: `level-${order}`,
    order,
    label: `Level ${order}`,
    bgColor: '#123456',
    image: '/i.svg',
    bgImage: '/b.svg',
    vip: false,
    // Listed out of order on purpose: the ladder sorts.
    sublevels: thresholds
      .map((points, i) => ({
        id: order * 10 + i + 1,
        order: i + 1,
        label: `${order}.${i + 1}`,
        bgColor: '#654321',
        image: '/s.svg',
        bgImage: '/sb.svg',
        points,
        reward: null,
      }))
      .reverse(),
  };
}

const LEVELS = [level(2, [300, 600]), level(1, [0, 100, 200])];
const steps = ladderSteps(LEVELS);
const at = (sublevelId: number, points: number) =>
  ladderPosition(steps, { points, currentSublevel: { id: sublevelId, order: 1, label: '' } });

describe('the loyalty ladder', () => {
  it('climbs levels by order, then sublevels by order', () => {
    expect(steps.map((s) => s.sublevel.label)).toEqual(['1.1', '1.2', '1.3', '2.1', '2.2']);
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the points to the next sublevel and the way there', () => {
    expect(at(11, 0)).toMatchObject({ pointsToNext: 100, percent: 0 });
    expect(at(12, 150)).toMatchObject({ pointsToNext: 50, percent: 50 });
    // The next sublevel may be the next level's first.
    const position = at(13, 250);
    expect(position.next?.level.order).toBe(2);
    expect(position).toMatchObject({ pointsToNext: 50, percent: 50 });
  });

  it('is full at the top', () => {
    expect(at(22, 900)).toMatchObject({ next: undefined, pointsToNext: 0, percent: 100 });
  });

  it('marks each step reached, current or ahead', () => {
    const position = at(13, 250);
    expect(steps.map((s) => stepStanding(s, position))).toEqual([
      'reached',
      'reached',
      'current',
      'ahead',
      'ahead',
    ]);
  });

  it('keeps the bar within 0–99 below the top, for any points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -10, max: 1000 }),
        (i, points) => {
          const position = at(steps[i]!.sublevel.id, points);
          if (position.next) {
            expect(position.percent).toBeGreaterThanOrEqual(0);
            expect(position.percent).toBeLessThanOrEqual(99);
            expect(position.pointsToNext).toBeGreaterThanOrEqual(0);
          } else expect(position.percent).toBe(100);
        },
      ),
    );
  });
});

describe('level-up alerts', () => {
  const ref = (levelOrder: number, sublevelOrder: number): LoyaltySublevelRef => ({
    levelId: levelOrder,
    levelSlug: `l${levelOrder}`,
    levelOrder,
    levelLabel: `L${levelOrder}`,
    sublevelId: levelOrder * 10 + sublevelOrder,
    sublevelOrder,
    sublevelLabel: `${levelOrder}.${sublevelOrder}`,
  });

  it('names the highest sublevel one change reached', () => {
    expect(highestReached([])).toBeUndefined();
    expect(highestReached([ref(1, 3), ref(2, 1), ref(1, 2)])?.sublevelLabel).toBe('2.1');
  });
});
