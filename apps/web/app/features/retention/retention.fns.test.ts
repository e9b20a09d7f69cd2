import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuestState } from '@coinfall/shared/constants';
import {
  type PlayerQuest,
  type PlayerQuestPackage,
  type QuestTask,
} from '@coinfall/shared/contracts/retention';
import type { PagedItems } from '../bonus/bonus.fns';
import {
  chainSteps,
  followQuestInPackages,
  followQuestPush,
  followTaskPush,
  mergeTask,
  questProgress,
  questStateKey,
  stepLock,
  taskPercent,
} from './retention.fns';

const PLAYER = '00000000-0000-4000-8000-000000000001';
const text = (en: string) => ({ en, es: en, 'pt-br': en });

function task(id: number, questId: number, progress: number, target = 10): QuestTask {
  return {
    id,
    questId,
    playerId: PLAYER,
    kind: 'play-rounds',
    name: text(`Task ${id}`),
    progress,
    target,
    currency: null,
    isCompleted: progress >= target,
  };
}

function quest(
  id: number,
  state: PlayerQuest['state'],
  extra: Partial<PlayerQuest> = {},
): PlayerQuest {
  return {
    id,
    definitionId: id,
    playerId: PLAYER,
    state,
    identity: `quest-${id}`,
    name: text(`Quest ${id}`),
    description: text(''),
    image: null,
    tasks: [task(id * 10, id, 0)],
    reward: { kind: 'points', points: 50 },
    playerPackageId: null,
    position: null,
    endAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    activatedAt: null,
    completedAt: null,
    awardedAt: null,
    // Deliberately wrong: pushes must set the flags from the state.
    isCompleted: false,
    isAwarded: false,
    isNotAccessible: false,
    isActivated: false,
    isManual: false,
    ...extra,
  };
}

const page = <T>(data: T[], pageNo = 1, perPage = 100): PagedItems<T> => ({
  data,
  meta: { page: pageNo, perPage, totalRows: data.length, totalPages: 1 },
});

const ACTIVE = [QuestState.Manual, QuestState.Activated];
const FINISHED = [3, 4, 5, 6];

describe('quest pushes in a list (spec §4)', () => {
  it('sets the flags from the state, whatever the push carried', () => {
    const list = followQuestPush(page([quest(1, 1)]), quest(1, 2), ACTIVE);
    expect(list.data[0]).toMatchObject({ state: 2, isActivated: true, isManual: false });
    const awarded = followQuestPush(page<PlayerQuest>([]), quest(1, 4), FINISHED);
    expect(awarded.data[0]).toMatchObject({ isCompleted: true, isAwarded: true });
  });

  it('moves a completed quest out of the active list and into the finished one', () => {
    const active = followQuestPush(page([quest(1, 2), quest(2, 1)]), quest(1, 3), ACTIVE);
    expect(active.data.map((q) => q.id)).toEqual([2]);
    expect(active.meta.totalRows).toBe(1);
    const finished = followQuestPush(page([quest(9, 4)]), quest(1, 3), FINISHED);
    expect(finished.data.map((q) => q.id)).toEqual([1, 9]);
    expect(finished.meta.totalRows).toBe(2);
  });

  it('adds to the first page only, and drops a push older than what is shown', () => {
    expect(followQuestPush(page([quest(9, 4)], 2), quest(1, 4), FINISHED).data).toHaveLength(1);
    const shown = page([quest(1, 4)]);
    expect(followQuestPush(shown, quest(1, 2), [1, 2, 3, 4])).toBe(shown);
  });

  it('keeps the higher task progress when the quest push is older than a task push', () => {
    const shown = page([quest(1, 2, { tasks: [task(10, 1, 7)] })]);
    const next = followQuestPush(shown, quest(1, 2, { tasks: [task(10, 1, 5)] }), ACTIVE);
    expect(next.data[0]!.tasks[0]!.progress).toBe(7);
  });

  it('writes a chain step into its chain', () => {
    const step = quest(5, 5, { playerPackageId: 3, position: 2 });
    const pkg = {
      ...quest(3, 2),
      quests: [quest(4, 2, { playerPackageId: 3, position: 1 }), step],
    };
    const list = page([pkg as unknown as PlayerQuestPackage]);
    const next = followQuestInPackages(list, { ...step, state: QuestState.Manual });
    expect(next.data[0]!.quests[1]).toMatchObject({ state: 1, isManual: true });
    expect(followQuestInPackages(list, quest(77, 2))).toBe(list);
  });
});

describe('task pushes', () => {
  it('merge into the matching task of a single quest or of a chain step', () => {
    const single = page([quest(1, 2), quest(2, 2)]);
    const next = followTaskPush(single, task(20, 2, 4));
    expect(next.data[1]!.tasks[0]!.progress).toBe(4);
    expect(next.data[0]).toBe(single.data[0]);
    const pkg = { ...quest(3, 2), quests: [quest(4, 2, { playerPackageId: 3 })] };
    const chains = page([pkg as unknown as PlayerQuestPackage]);
    expect(followTaskPush(chains, task(40, 4, 9)).data[0]!.quests[0]!.tasks[0]!.progress).toBe(9);
    expect(followTaskPush(chains, task(99, 99, 9))).toBe(chains);
  });

  it('never move a bar back, whatever order and repeats the pushes come in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1 }), (progresses) => {
        let shown = task(1, 1, 0, 20);
        for (const progress of progresses) shown = mergeTask(shown, task(1, 1, progress, 20));
        expect(shown.progress).toBe(Math.max(0, ...progresses));
        expect(shown.isCompleted).toBe(progresses.some((p) => p >= 20));
      }),
    );
  });
});

describe('progress maths', () => {
  it('shows whole percents, never full before the task is done', () => {
    expect(taskPercent(task(1, 1, 0))).toBe(0);
    expect(taskPercent(task(1, 1, 3))).toBe(30);
    expect(taskPercent({ progress: 999, target: 1000, isCompleted: false })).toBe(99);
    expect(taskPercent({ progress: 12, target: 10, isCompleted: true })).toBe(100);
    expect(taskPercent({ progress: 5, target: 0, isCompleted: false })).toBe(0);
  });

  it('stays within 0–100 for any numbers', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.boolean(), (progress, target, isCompleted) => {
        const percent = taskPercent({ progress, target, isCompleted });
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(percent === 100).toBe(isCompleted);
      }),
    );
  });

  it('counts the tasks done', () => {
    expect(questProgress({ tasks: [task(1, 1, 10), task(2, 1, 3), task(3, 1, 10)] })).toEqual({
      done: 2,
      total: 3,
    });
  });
});

describe('states and chains', () => {
  it('names each state for the content', () => {
    expect([1, 2, 3, 4, 5, 6].map(questStateKey)).toEqual([
      'manual',
      'activated',
      'completed',
      'awarded',
      'notAccessible',
      'notAccessibleExpired',
    ]);
  });

  it('says why a step is locked: not reached (5) or ended (6)', () => {
    expect([1, 2, 3, 4, 5, 6].map(stepLock)).toEqual([
      'open',
      'open',
      'open',
      'open',
      'notReached',
      'ended',
    ]);
  });

  it('orders the steps and finds the one to play', () => {
    const steps = [
      quest(3, 5, { position: 3 }),
      quest(1, 4, { position: 1 }),
      quest(2, 1, { position: 2 }),
    ];
    const { steps: ordered, current } = chainSteps({ quests: steps });
    expect(ordered.map((q) => q.id)).toEqual([1, 2, 3]);
    expect(current?.id).toBe(2);
  });
});
