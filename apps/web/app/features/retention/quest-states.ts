import type { QuestState } from '@coinfall/shared/constants';
import type {
  QUEST_PACKAGE_PAGE_SIZE,
  QUEST_PAGE_SIZE,
  QuestFlags,
} from '@coinfall/shared/contracts/retention';

/**
 * Spec §4's quest and chain states and §9's page sizes, as the site reads them. Not imported
 * as values from @coinfall/shared: its constants module is a chunk the home page loads, and a
 * value the quest pages use would join it (bench:site's 120 KB home budget). The types hold
 * them to the shared ones.
 */
export const QUEST_STATE = {
  Manual: 1,
  Activated: 2,
  Completed: 3,
  Awarded: 4,
  NotAccessible: 5,
  NotAccessibleExpired: 6,
} as const satisfies typeof QuestState;

/** Spec §4: active = 1–2. */
export const ACTIVE_QUEST_STATES: readonly number[] = [QUEST_STATE.Manual, QUEST_STATE.Activated];

export const QUESTS_PER_PAGE: typeof QUEST_PAGE_SIZE = 100;
export const CHAINS_PER_PAGE: typeof QUEST_PACKAGE_PAGE_SIZE = 10;

/** The flags spec §3 derives from a state (as the contract's questFlags). */
export function flagsOf(state: number): QuestFlags {
  return {
    isManual: state === QUEST_STATE.Manual,
    isActivated: state === QUEST_STATE.Activated,
    isCompleted: state === QUEST_STATE.Completed || state === QUEST_STATE.Awarded,
    isAwarded: state === QUEST_STATE.Awarded,
    isNotAccessible:
      state === QUEST_STATE.NotAccessible || state === QUEST_STATE.NotAccessibleExpired,
  };
}
