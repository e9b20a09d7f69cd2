import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethodList } from '@coinfall/shared/contracts/payment';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/**
 * GET /api/payment/methods/purchase: the ways to pay (saved cards have fields) and the cashier
 * session for saving or removing a card at the provider. Failures are the caller's (spec §8:
 * error modal, 11002 for a refused cashier session), so the global handler stays out.
 */
export const purchaseMethodsQuery = queryOptions({
  queryKey: ['payment', 'methods', 'purchase'] as const,
  queryFn: () =>
    apiClient().get<PaymentMethodList>('/api/payment/methods/purchase', {
      skipGlobalHandler: true,
    }),
  // The cashier token is short-lived: read it again whenever a view needs it.
  staleTime: 0,
});

export function usePurchaseMethods() {
  return usePlayerQuery(purchaseMethodsQuery);
}

export const refreshPurchaseMethods = () =>
  playerQueryClient.invalidateQueries({ queryKey: purchaseMethodsQuery.queryKey });
