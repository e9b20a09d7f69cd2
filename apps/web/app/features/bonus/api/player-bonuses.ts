import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  PlayerBonus,
  PlayerBonusList,
  PlayerFreeSpin,
  PlayerFreeSpinList,
} from '@coinfall/shared/contracts/bonus';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import {
  BONUS_QUERY_KEYS,
  bonusListKey,
  followBonusPush,
  followFreeSpinPush,
  freeSpinListKey,
  type BonusListFilter,
} from '../bonus-queries';
import { track } from '../../analytics/track.ts';
import { ANALYTICS_EVENTS } from '../../analytics/analytics-settings.ts';

const listQuery = (filter: BonusListFilter) => ({
  status: filter.statuses,
  page: filter.page,
  perPage: filter.perPage,
});

/** GET /api/game/player-bonuses?status[]=…&page&perPage (spec §7). */
export const playerBonusesQuery = (filter: BonusListFilter) =>
  queryOptions({
    queryKey: bonusListKey(filter),
    queryFn: () =>
      apiClient().get<PlayerBonusList>('/api/game/player-bonuses', { query: listQuery(filter) }),
  });

/** GET /api/game/player-freespins, 9 a page (spec §9). */
export const playerFreeSpinsQuery = (filter: BonusListFilter) =>
  queryOptions({
    queryKey: freeSpinListKey(filter),
    queryFn: () =>
      apiClient().get<PlayerFreeSpinList>('/api/game/player-freespins', {
        query: listQuery(filter),
      }),
  });

export function usePlayerBonuses(filter: BonusListFilter) {
  return usePlayerQuery({ ...playerBonusesQuery(filter), placeholderData: keepPreviousData });
}

export function usePlayerFreeSpins(filter: BonusListFilter) {
  return usePlayerQuery({ ...playerFreeSpinsQuery(filter), placeholderData: keepPreviousData });
}

type BonusAction = 'activate' | 'cancel';

/**
 * PUT …/player-bonuses/{id}/activate or /cancel. A bonus already finished or gone (409/404) is
 * the card's to say, so the global handler is skipped; the answer goes into the lists at once,
 * and balances are read again (a cancel forfeits bonus money).
 */
export function useBonusAction() {
  return useMutation(
    {
      mutationFn: async ({ id, action }: { id: number; action: BonusAction }) => {
        try {
          return await apiClient().put<PlayerBonus>(
            `/api/game/player-bonuses/${encodeURIComponent(id)}/${action}`,
            { skipGlobalHandler: true },
          );
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSuccess: (bonus, { action }) => {
        track(
          action === 'activate' ? ANALYTICS_EVENTS.bonusActivated : ANALYTICS_EVENTS.bonusCanceled,
          { bonusId: bonus.bonusId, playerBonusId: bonus.id },
        );
        followBonusPush(bonus);
      },
      onSettled: async () => {
        await playerQueryClient.invalidateQueries({ queryKey: [...BONUS_QUERY_KEYS.bonuses] });
        await refreshMoneyQueries();
      },
    },
    playerQueryClient,
  );
}

/** PUT …/player-freespins/{id}/activate or /cancel, the same way. */
export function useFreeSpinAction() {
  return useMutation(
    {
      mutationFn: async ({ id, action }: { id: number; action: BonusAction }) => {
        try {
          return await apiClient().put<PlayerFreeSpin>(
            `/api/game/player-freespins/${encodeURIComponent(id)}/${action}`,
            { skipGlobalHandler: true },
          );
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSuccess: (spin, { action }) => {
        if (action === 'activate')
          track(ANALYTICS_EVENTS.freeSpinActivated, { bonusId: spin.bonusId, gameId: spin.gameId });
        followFreeSpinPush(spin);
      },
      onSettled: () =>
        playerQueryClient.invalidateQueries({ queryKey: [...BONUS_QUERY_KEYS.freeSpins] }),
    },
    playerQueryClient,
  );
}
