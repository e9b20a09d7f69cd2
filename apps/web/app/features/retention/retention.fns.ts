import { flagsOf, QUEST_STATE } from './quest-states';
import type {
  PlayerQuest,
  PlayerQuestPackage,
  QuestTask,
} from '@coinfall/shared/contracts/retention';
import type { QUEST_STATE_KEYS } from '@coinfall/shared/contracts/content-marketing';
import type { PagedItems } from '../bonus/bonus.fns.ts';

/**
 * The quest screens' rules as pure functions (spec §3/§4): how a push lands in a cached list,
 * how far a task and a quest are, which chain step is open and why the others are locked.
 */

export type QuestStateKey = (typeof QUEST_STATE_KEYS)[number];

const STATE_KEYS: Record<number, QuestStateKey> = {
  [QUEST_STATE.Manual]: 'manual',
  [QUEST_STATE.Activated]: 'activated',
  [QUEST_STATE.Completed]: 'completed',
  [QUEST_STATE.Awarded]: 'awarded',
  [QUEST_STATE.NotAccessible]: 'notAccessible',
  [QUEST_STATE.NotAccessibleExpired]: 'notAccessibleExpired',
};

/** The content's key for a state's label and description (the quests document). */
export function questStateKey(state: number): QuestStateKey {
  return STATE_KEYS[state] ?? 'notAccessible';
}

/** Spec §4: a quest push sets the flags from its state, whatever flags it carried. */
export function withFlags<Q extends PlayerQuest | PlayerQuestPackage>(quest: Q): Q {
  return { ...quest, ...flagsOf(quest.state) };
}

/**
 * A task push merged into the task it names (spec §4). Progress only grows from play, so a
 * push older than what the page already read (a redelivery, a push that raced the list's GET)
 * never moves a bar back, and a completed task stays completed.
 */
export function mergeTask(current: QuestTask, pushed: QuestTask): QuestTask {
  if (pushed.progress < current.progress) return current;
  return { ...current, ...pushed, isCompleted: current.isCompleted || pushed.isCompleted };
}

/** The quest with the pushed task merged in; the same object when the task is not its own. */
export function questWithTask(quest: PlayerQuest, task: QuestTask): PlayerQuest {
  if (quest.id !== task.questId) return quest;
  let changed = false;
  const tasks = quest.tasks.map((current) => {
    if (current.id !== task.id) return current;
    const merged = mergeTask(current, task);
    if (merged !== current) changed = true;
    return merged;
  });
  return changed ? { ...quest, tasks } : quest;
}

/**
 * A quest as pushed, against the one on screen. A quest's state only moves forward (not reached
 * → manual → activated → completed → awarded, or into "ended" from any of those), so an older
 * push is dropped; a task pushed after the quest keeps its higher progress.
 */
export function mergeQuest(current: PlayerQuest, pushed: PlayerQuest): PlayerQuest {
  if (stateRank(pushed.state) < stateRank(current.state)) return current;
  const tasks = pushed.tasks.map((task) => {
    const seen = current.tasks.find((t) => t.id === task.id);
    return seen ? mergeTask(seen, task) : task;
  });
  return withFlags({ ...pushed, tasks });
}

/** Forward order of the states: a step not reached yet comes first, an ended one last. */
function stateRank(state: number): number {
  if (state === QUEST_STATE.NotAccessible) return 0;
  if (state === QUEST_STATE.NotAccessibleExpired) return QUEST_STATE.Awarded;
  return state;
}

/**
 * A pushed quest in a cached page that shows `states` (spec §4's list rule, as the bonus lists
 * do it): it replaces its copy, leaves a list whose states no longer include it, and enters the
 * first page of a list that does.
 */
export function followQuestPush(
  list: PagedItems<PlayerQuest>,
  pushed: PlayerQuest,
  states: readonly number[],
): PagedItems<PlayerQuest> {
  const index = list.data.findIndex((quest) => quest.id === pushed.id);
  const merged = index >= 0 ? mergeQuest(list.data[index]!, pushed) : withFlags(pushed);
  if (!states.includes(merged.state)) {
    if (index < 0) return list;
    return {
      data: list.data.filter((_, i) => i !== index),
      meta: { ...list.meta, totalRows: Math.max(0, list.meta.totalRows - 1) },
    };
  }
  if (index >= 0) {
    if (merged === list.data[index]) return list;
    return { ...list, data: list.data.map((quest, i) => (i === index ? merged : quest)) };
  }
  if (list.meta.page !== 1) return list;
  return {
    data: [merged, ...list.data].slice(0, list.meta.perPage),
    meta: { ...list.meta, totalRows: list.meta.totalRows + 1 },
  };
}

/** A pushed quest written into the chain it is a step of; the same list when none holds it. */
export function followQuestInPackages(
  list: PagedItems<PlayerQuestPackage>,
  pushed: PlayerQuest,
): PagedItems<PlayerQuestPackage> {
  let changed = false;
  const data = list.data.map((pkg) => {
    if (pkg.id !== pushed.playerPackageId) return pkg;
    const quests = pkg.quests.map((quest) => {
      if (quest.id !== pushed.id) return quest;
      const merged = mergeQuest(quest, pushed);
      if (merged !== quest) changed = true;
      return merged;
    });
    return { ...pkg, quests };
  });
  return changed ? { ...list, data } : list;
}

/** A pushed task written into whichever listed quest (single or chain step) owns it. */
export function followTaskPush<L extends PagedItems<PlayerQuest> | PagedItems<PlayerQuestPackage>>(
  list: L,
  task: QuestTask,
): L {
  let changed = false;
  const data = list.data.map((item) => {
    if ('quests' in item) {
      const quests = item.quests.map((quest) => questWithTask(quest, task));
      if (quests.every((quest, i) => quest === item.quests[i])) return item;
      changed = true;
      return { ...item, quests };
    }
    const next = questWithTask(item, task);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? { ...list, data } : list;
}

/** How far a task is, 0–100, whole percent (a bar never shows full before it is done). */
export function taskPercent(task: Pick<QuestTask, 'progress' | 'target' | 'isCompleted'>): number {
  if (task.isCompleted) return 100;
  if (!(task.target > 0)) return 0;
  const percent = Math.floor((Math.max(0, task.progress) / task.target) * 100);
  return Math.min(99, percent);
}

/** Tasks done out of all, for "2 of 3 done". */
export function questProgress(quest: Pick<PlayerQuest, 'tasks'>): { done: number; total: number } {
  return {
    done: quest.tasks.filter((task) => task.isCompleted).length,
    total: quest.tasks.length,
  };
}

export type StepLock = 'open' | 'notReached' | 'ended';

/**
 * Why a chain step can or cannot be played (spec §4 states 5 and 6): state 5 is a step the
 * player has not reached (finish the one before); state 6 is one that can no longer be taken
 * (the chain or the quest ended before it was reached). Every other state is open.
 */
export function stepLock(state: number): StepLock {
  if (state === QUEST_STATE.NotAccessible) return 'notReached';
  if (state === QUEST_STATE.NotAccessibleExpired) return 'ended';
  return 'open';
}

/** A chain's steps in order, and the one to play now (the first still active), if any. */
export function chainSteps(pkg: Pick<PlayerQuestPackage, 'quests'>): {
  steps: PlayerQuest[];
  current: PlayerQuest | undefined;
} {
  const steps = [...pkg.quests].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const current = steps.find(
    (quest) => quest.state === QUEST_STATE.Manual || quest.state === QUEST_STATE.Activated,
  );
  return { steps, current };
}
