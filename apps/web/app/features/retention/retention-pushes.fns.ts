import { QUEST_STATE } from './quest-states';
import type { AlertKey } from '@coinfall/shared';
import type { LoyaltySublevelRef } from '@coinfall/shared/contracts/loyalty';
import type { PlayerQuest } from '@coinfall/shared/contracts/retention';
import { highestReached } from './loyalty.fns';

/**
 * Which alert a retention push raises (issue 15: quest completion and level-up alerts), given
 * what this tab saw before. Pushes come at least once: a repeat, or a state the tab already
 * saw, raises nothing.
 */
export interface RetentionAlert {
  key: Extract<AlertKey, 'questCompleted' | 'questAwarded' | 'levelUp'>;
  /** Values for the alert text's placeholders ({quest}, {level}). */
  params: { quest?: string; level?: string };
}

/** The alert of a quest that reached `state`, seen before at `before` (undefined: never). */
export function questAlert(
  quest: Pick<PlayerQuest, 'state'>,
  before: number | undefined,
  name: string,
): RetentionAlert | undefined {
  if (before === quest.state) return undefined;
  if (quest.state === QUEST_STATE.Completed)
    return { key: 'questCompleted', params: { quest: name } };
  if (quest.state === QUEST_STATE.Awarded) return { key: 'questAwarded', params: { quest: name } };
  return undefined;
}

/**
 * The level-up alert of an account change: the highest sublevel it reached that this tab has
 * not announced yet ("Gold II").
 */
export function levelUpAlert(
  reached: readonly LoyaltySublevelRef[],
  announced: ReadonlySet<number>,
): RetentionAlert | undefined {
  const top = highestReached(reached.filter((ref) => !announced.has(ref.sublevelId)));
  if (!top) return undefined;
  return { key: 'levelUp', params: { level: `${top.levelLabel} ${top.sublevelLabel}` } };
}
