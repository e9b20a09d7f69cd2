import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DailyBonusClaim, DailyBonusState } from '@coinfall/shared/contracts/bonus';
import { IDEMPOTENCY_KEY_HEADER } from '@coinfall/shared/contracts/payment';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { BONUS_QUERY_KEYS } from '../bonus-queries';

/** GET /api/game/bonuses/daily: whether a claim is open, the streak, the next claim time. */
export const dailyBonusQuery = queryOptions({
  queryKey: [...BONUS_QUERY_KEYS.daily],
  queryFn: () => apiClient().get<DailyBonusState>('/api/game/bonuses/daily'),
});

export function useDailyBonus() {
  return usePlayerQuery(dailyBonusQuery);
}

/**
 * POST /api/game/bonuses/daily: claims today's coins, with one Idempotency-Key per press (a
 * retried request pays nothing twice). A claim made elsewhere meanwhile (409) is the button's
 * to say; the state is read again either way, and the balances after a claim.
 */
export function useClaimDailyBonus() {
  return useMutation(
    {
      mutationFn: async () => {
        try {
          return await apiClient().post<DailyBonusClaim>('/api/game/bonuses/daily', {
            headers: { [IDEMPOTENCY_KEY_HEADER]: `daily:${crypto.randomUUID()}` },
            skipGlobalHandler: true,
          });
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSuccess: (claim) => playerQueryClient.setQueryData(dailyBonusQuery.queryKey, claim.state),
      onSettled: async () => {
        await playerQueryClient.invalidateQueries({ queryKey: dailyBonusQuery.queryKey });
        await refreshMoneyQueries();
      },
    },
    playerQueryClient,
  );
}
