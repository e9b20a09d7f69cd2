import { BonusStatus, FreeSpinStatus } from '@coinfall/shared/bonus-constants';
import type { PlayerBonus, PlayerFreeSpin } from '@coinfall/shared/contracts/bonus';
import type { RetentionAccountUpdatedEvent } from '@coinfall/shared/contracts/loyalty';
import type { RealtimeMessage } from '@coinfall/shared/contracts/realtime';
import type {
  LocalizedText,
  QuestTaskUpdatedEvent,
  QuestUpdatedEvent,
} from '@coinfall/shared/contracts/retention';
import type { Locale } from '@coinfall/shared/locales';
import { offerLoyaltyReward } from '../retention/loyalty-reward.ts';
import {
  followAccountUpdate,
  followQuestUpdate,
  followTaskUpdate,
} from '../retention/retention-queries.ts';
import {
  levelUpAlert,
  questAlert,
  type RetentionAlert,
} from '../retention/retention-pushes.fns.ts';
import { track } from '../analytics/track.ts';
import { QUEST_STATE } from '../retention/quest-states.ts';
import { ANALYTICS_EVENTS } from '../analytics/analytics-settings.ts';

/**
 * The retention channels' pushes (spec §4, §7): quests and tasks land in the quest lists, the
 * account in the header and /loyalty, and completions and new levels raise alerts. Also the
 * loyalty reward modal of a bonus or free spin a sublevel gave (spec §4). Kept apart from
 * realtime-messages.fns.ts, which the home page loads.
 */

/** What this tab last saw of each quest's state, and which sublevels it announced. */
const questStates = new Map<number, number>();
const announced = new Set<number>();

function data<T>(message: RealtimeMessage, event: string): T | undefined {
  return (message.event as string) === event &&
    typeof message.data === 'object' &&
    message.data !== null
    ? (message.data as T)
    : undefined;
}

export interface RetentionPushDeps {
  locale: string;
  format: (amount: number, currency: string) => string;
}

const localized = (text: LocalizedText, locale: string) => text[locale as Locale] || text.en;

/** Applies a retention push to the caches; answers the alert it raises, if any. */
export function followRetentionChannels(
  message: RealtimeMessage,
  deps: RetentionPushDeps,
): RetentionAlert | undefined {
  const quest = data<QuestUpdatedEvent>(message, 'quest.updated')?.quest;
  if (quest) {
    followQuestUpdate(quest);
    const before = questStates.get(quest.id);
    questStates.set(quest.id, quest.state);
    if (quest.state === QUEST_STATE.Completed && before !== QUEST_STATE.Completed)
      track(ANALYTICS_EVENTS.questCompleted, { questId: quest.id, identity: quest.identity });
    return questAlert(quest, before, localized(quest.name, deps.locale));
  }
  const task = data<QuestTaskUpdatedEvent>(message, 'quest.task.updated')?.task;
  if (task) {
    followTaskUpdate(task);
    return undefined;
  }
  const account = data<RetentionAccountUpdatedEvent>(message, 'retention.account.updated');
  if (account?.account) {
    followAccountUpdate(account.account);
    const alert = levelUpAlert(account.reached ?? [], announced);
    for (const ref of account.reached ?? []) announced.add(ref.sublevelId);
    return alert;
  }
  offerRewardOf(message, deps);
  return undefined;
}

/** A newly issued bonus or free spin that a sublevel gave opens the loyalty reward modal. */
function offerRewardOf(message: RealtimeMessage, { format }: RetentionPushDeps): void {
  const bonus = data<{ bonus: PlayerBonus }>(message, 'bonus.player-bonus.updated')?.bonus;
  if (bonus?.loyalty && bonus.status === BonusStatus.Issued) {
    const ref = bonus.loyalty;
    offerLoyaltyReward(ref, {
      kind: 'bonus',
      level: ref.levelLabel,
      sublevel: ref.sublevelLabel,
      amount: format(bonus.amount, bonus.currency),
    });
    return;
  }
  const spins = data<{ freeSpin: PlayerFreeSpin }>(
    message,
    'bonus.player-freespin.updated',
  )?.freeSpin;
  if (spins?.loyalty && spins.status === FreeSpinStatus.Issued) {
    const ref = spins.loyalty;
    offerLoyaltyReward(ref, {
      kind: 'freespins',
      level: ref.levelLabel,
      sublevel: ref.sublevelLabel,
      count: spins.count,
      game: spins.game.name,
      identity: spins.game.identity,
    });
  }
}
