import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  PlayerQuest,
  PlayerQuestList,
  PlayerQuestPackageList,
} from '@coinfall/shared/contracts/retention';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import {
  followQuestUpdate,
  packageListKey,
  questListKey,
  type QuestListFilter,
} from '../retention-queries';
import { track } from '../../analytics/track.ts';
import { ANALYTICS_EVENTS } from '../../analytics/analytics-settings.ts';

const listQuery = (filter: QuestListFilter) => ({
  state: filter.states,
  page: filter.page,
  perPage: filter.perPage,
});

/** GET /api/retention/player-quests?state[]=…&page&perPage (spec §7; 100 a page, §9). */
export const playerQuestsQuery = (filter: QuestListFilter) =>
  queryOptions({
    queryKey: questListKey(filter),
    queryFn: () =>
      apiClient().get<PlayerQuestList>('/api/retention/player-quests', {
        query: listQuery(filter),
      }),
  });

/** GET /api/retention/player-quest-packages: the player's chains (10 a page, spec §9). */
export const playerQuestPackagesQuery = (filter: QuestListFilter) =>
  queryOptions({
    queryKey: packageListKey(filter),
    queryFn: () =>
      apiClient().get<PlayerQuestPackageList>('/api/retention/player-quest-packages', {
        query: listQuery(filter),
      }),
  });

export function usePlayerQuests(filter: QuestListFilter) {
  return usePlayerQuery({ ...playerQuestsQuery(filter), placeholderData: keepPreviousData });
}

export function usePlayerQuestPackages(filter: QuestListFilter) {
  return usePlayerQuery({ ...playerQuestPackagesQuery(filter), placeholderData: keepPreviousData });
}

/**
 * PUT /api/retention/quests/{id}/activate. A quest that ended or was activated elsewhere
 * meanwhile (409/404) is the card's to say, so the global handler is skipped; the answer goes
 * into the lists at once as a push would.
 */
export function useActivateQuest() {
  return useMutation(
    {
      mutationFn: async (id: number) => {
        try {
          return await apiClient().put<PlayerQuest>(
            `/api/retention/quests/${encodeURIComponent(id)}/activate`,
            { skipGlobalHandler: true },
          );
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSuccess: (quest) => {
        track(ANALYTICS_EVENTS.questActivated, { questId: quest.id, identity: quest.identity });
        followQuestUpdate(quest);
      },
    },
    playerQueryClient,
  );
}
