import { queryOptions } from '@tanstack/react-query';
import type { Redeemable } from '@coinfall/shared/contracts/redemption';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/wallet/redeemable: SC balance, what is redeemable now and the credits still locked. */
export const redeemableQuery = queryOptions({
  queryKey: ['wallet', 'redeemable'] as const,
  queryFn: () => apiClient().get<Redeemable>('/api/wallet/redeemable'),
});

export function useRedeemable() {
  return usePlayerQuery(redeemableQuery);
}
