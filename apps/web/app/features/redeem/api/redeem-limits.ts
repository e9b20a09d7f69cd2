import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RedeemLimits } from '@coinfall/shared/contracts/redemption';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/redeem-limits?userId&amount: whether this amount may be redeemed now, and why not. */
export const redeemLimitsQuery = (userId: string, amount: number) =>
  queryOptions({
    queryKey: ['wallet', 'redeem-limits', userId, amount] as const,
    queryFn: () =>
      apiClient().get<RedeemLimits>('/api/redeem-limits', { query: { userId, amount } }),
    staleTime: 10_000,
  });

/** Off until there is a player and a positive amount; the last answer stays while the next loads. */
export function useRedeemLimits(userId: string | undefined, amount: number | undefined) {
  const enabled = userId !== undefined && amount !== undefined && amount > 0;
  return usePlayerQuery({
    ...redeemLimitsQuery(userId ?? '', amount ?? 0),
    enabled,
    placeholderData: keepPreviousData,
  });
}
