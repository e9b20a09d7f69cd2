import { describe, expect, it } from 'vitest';
import type { LoyaltySublevelRef } from '@coinfall/shared/contracts/loyalty';
import { levelUpAlert, questAlert } from './retention-pushes.fns';

const ref = (levelOrder: number, sublevelOrder: number): LoyaltySublevelRef => ({
  levelId: levelOrder,
  levelSlug: `l${levelOrder}`,
  levelOrder,
  levelLabel: `Level${levelOrder}`,
  sublevelId: levelOrder * 10 + sublevelOrder,
  sublevelOrder,
  sublevelLabel: `S${sublevelOrder}`,
});

describe('retention alerts', () => {
  it('announces a quest completed, then its reward, once each', () => {
    expect(questAlert({ state: 2 }, 1, 'Q')).toBeUndefined();
    expect(questAlert({ state: 3 }, 2, 'Q')).toEqual({
      key: 'questCompleted',
      params: { quest: 'Q' },
    });
    expect(questAlert({ state: 3 }, 3, 'Q')).toBeUndefined();
    expect(questAlert({ state: 4 }, 3, 'Q')?.key).toBe('questAwarded');
    // A tab that missed the completion still hears of the reward.
    expect(questAlert({ state: 4 }, undefined, 'Q')?.key).toBe('questAwarded');
    expect(questAlert({ state: 6 }, 2, 'Q')).toBeUndefined();
  });

  it('announces the highest new sublevel of a change, never one already announced', () => {
    expect(levelUpAlert([], new Set())).toBeUndefined();
    expect(levelUpAlert([ref(1, 2), ref(1, 3)], new Set())).toEqual({
      key: 'levelUp',
      params: { level: 'Level1 S3' },
    });
    expect(levelUpAlert([ref(1, 2), ref(1, 3)], new Set([13]))?.params.level).toBe('Level1 S2');
    expect(levelUpAlert([ref(1, 3)], new Set([13]))).toBeUndefined();
  });
});
