import { QuestState, type QuestActivation, type QuestStateValue } from '@coinfall/shared';

/**
 * The quest and chain state machine (spec §4, decision 028):
 *
 *   5 not accessible ──open──▶ 1 manual ──activate──▶ 2 activated ──complete──▶ 3 completed
 *                      └─open (auto)──────────────────▲                          │ award
 *   1, 2, 5 ──expire──▶ 6 not accessible (ended)                                  ▼ 4 awarded
 *
 * 5 is "not accessible yet": a chain step not reached (it opens when the step before completes).
 * 6 is "not accessible any more": the quest or chain ended before it was completed. Both are
 * finished for the spec's lists, but only 5 may still move.
 */
export type QuestTransition = 'open' | 'activate' | 'complete' | 'award' | 'expire';

export function questTransition(
  state: QuestStateValue,
  transition: QuestTransition,
  activation: QuestActivation,
): QuestStateValue | null {
  switch (transition) {
    case 'open':
      if (state !== QuestState.NotAccessible) return null;
      return activation === 'manual' ? QuestState.Manual : QuestState.Activated;
    case 'activate':
      return state === QuestState.Manual ? QuestState.Activated : null;
    case 'complete':
      return state === QuestState.Activated ? QuestState.Completed : null;
    case 'award':
      return state === QuestState.Completed ? QuestState.Awarded : null;
    case 'expire':
      return state === QuestState.Manual ||
        state === QuestState.Activated ||
        state === QuestState.NotAccessible
        ? QuestState.NotAccessibleExpired
        : null;
  }
}

/** A new player quest: a chain step after the first waits its turn; otherwise by activation. */
export function initialQuestState(
  activation: QuestActivation,
  chainPosition: number | null,
): QuestStateValue {
  if (chainPosition !== null && chainPosition > 1) return QuestState.NotAccessible;
  return activation === 'manual' ? QuestState.Manual : QuestState.Activated;
}

/** Only activated quests count events: a manual one waits for the player's "activate". */
export const countsProgress = (state: number): boolean => state === QuestState.Activated;

/** A chain's state from its steps: completed once the last is, ended if any step ended. */
export function packageStateOf(
  current: QuestStateValue,
  steps: readonly { state: number }[],
): QuestStateValue {
  if (current === QuestState.Awarded) return current;
  if (steps.some((s) => s.state === QuestState.NotAccessibleExpired)) {
    return QuestState.NotAccessibleExpired;
  }
  const done = (s: { state: number }) =>
    s.state === QuestState.Completed || s.state === QuestState.Awarded;
  if (steps.length > 0 && steps.every(done)) return QuestState.Completed;
  return QuestState.Activated;
}
