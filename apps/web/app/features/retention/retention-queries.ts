import type {
  PlayerQuest,
  PlayerQuestList,
  PlayerQuestPackageList,
  QuestTask,
} from '@coinfall/shared/contracts/retention';
import type { RetentionAccount } from '@coinfall/shared/contracts/loyalty';
import { playerQueryClient, profileQuery } from '../../lib/query/player-queries';
import { followQuestInPackages, followQuestPush, followTaskPush } from './retention.fns';

/**
 * Query keys of the quest, loyalty and VIP screens, and how a push lands in their caches. Top
 * level: the realtime feature writes pushes in through the follow… functions.
 */
export const RETENTION_QUERY_KEYS = {
  quests: ['retention', 'player-quests'],
  packages: ['retention', 'player-quest-packages'],
  levels: ['retention', 'levels'],
  account: ['retention', 'account'],
  vipProgramme: ['retention', 'vip', 'programme'],
  vipBenefits: ['retention', 'vip', 'benefits'],
} as const;

/** The filter of one cached list page: the quest states it shows, its page and size. */
export interface QuestListFilter {
  states: readonly number[];
  page: number;
  perPage: number;
}

export const questListKey = (filter: QuestListFilter) =>
  [...RETENTION_QUERY_KEYS.quests, filter] as const;
export const packageListKey = (filter: QuestListFilter) =>
  [...RETENTION_QUERY_KEYS.packages, filter] as const;

function cachedLists<T>(prefix: readonly string[]) {
  return playerQueryClient.getQueriesData<T>({ queryKey: [...prefix] }).map(([key, list]) => ({
    key,
    list,
    filter: key[prefix.length] as QuestListFilter | undefined,
  }));
}

/**
 * quest.updated (spec §4): the quest lands in every cached list with its flags set from the
 * state, and the profile is read again. A chain's state is the server's to say (its next step
 * opens, its own reward is paid), so the chains are read again too.
 */
export function followQuestUpdate(quest: PlayerQuest): void {
  for (const { key, list, filter } of cachedLists<PlayerQuestList>(RETENTION_QUERY_KEYS.quests))
    if (list && filter)
      playerQueryClient.setQueryData(key, followQuestPush(list, quest, filter.states));
  for (const { key, list } of cachedLists<PlayerQuestPackageList>(RETENTION_QUERY_KEYS.packages))
    if (list) playerQueryClient.setQueryData(key, followQuestInPackages(list, quest));
  void playerQueryClient.invalidateQueries({ queryKey: [...RETENTION_QUERY_KEYS.quests] });
  void playerQueryClient.invalidateQueries({ queryKey: [...RETENTION_QUERY_KEYS.packages] });
  void playerQueryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
}

/** quest.task.updated (spec §4): the task merges into the matching task, wherever it shows. */
export function followTaskUpdate(task: QuestTask): void {
  for (const { key, list } of cachedLists<PlayerQuestList>(RETENTION_QUERY_KEYS.quests))
    if (list) playerQueryClient.setQueryData(key, followTaskPush(list, task));
  for (const { key, list } of cachedLists<PlayerQuestPackageList>(RETENTION_QUERY_KEYS.packages))
    if (list) playerQueryClient.setQueryData(key, followTaskPush(list, task));
}

/**
 * The retention account as pushed after every change: it replaces the cached one unless that
 * is newer (a push that raced the page's GET). The VIP standing may have changed with it.
 */
export function followAccountUpdate(account: RetentionAccount): void {
  playerQueryClient.setQueryData<RetentionAccount>(RETENTION_QUERY_KEYS.account, (shown) =>
    shown && Date.parse(shown.updatedAt) > Date.parse(account.updatedAt) ? shown : account,
  );
  void playerQueryClient.invalidateQueries({ queryKey: [...RETENTION_QUERY_KEYS.vipBenefits] });
}

/** Everything the retention channels feed, read again (a gap in the pushes). */
export function refreshRetention(): void {
  void playerQueryClient.invalidateQueries({ queryKey: ['retention'] });
}
