import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DailyBonusState } from '@coinfall/shared/contracts/bonus';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { BONUS_QUERY_KEYS } from '../bonus-queries';

/** GET /api/game/bonuses/daily: whether a claim is open, the streak, the next claim time. */
export const dailyBonusQuery = queryOptions({
  queryKey: [...BONUS_QUERY_KEYS.daily],
  queryFn: () => apiClient().get<DailyBonusState>('/api/game/bonuses/daily'),
});

export function useDailyBonus() {
  return useQuery(dailyBonusQuery, playerQueryClient);
}

/**
 * POST /api/game/bonuses/daily: claims today's coins. A claim made elsewhere meanwhile (409) is
 * the button's to say; the state is read again either way, and the balances after a claim.
 */
export function useClaimDailyBonus() {
  return useMutation(
    {
      mutationFn: async () => {
        try {
          return await apiClient().post<unknown>('/api/game/bonuses/daily', {
            skipGlobalHandler: true,
          });
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSettled: async () => {
        await playerQueryClient.invalidateQueries({ queryKey: dailyBonusQuery.queryKey });
        await refreshMoneyQueries();
      },
    },
    playerQueryClient,
  );
}
