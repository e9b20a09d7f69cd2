import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethod } from '@coinfall/shared/contracts/payment';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/**
 * GET /api/payment/methods/withdrawal. Spec §8: a failure shows the error modal with the
 * server's code, so the modal asking handles it (no trip to /403 from a payment provider's 401).
 */
export const withdrawalMethodsQuery = queryOptions({
  queryKey: ['payment', 'methods', 'withdrawal'] as const,
  queryFn: async (): Promise<PaymentMethod[]> =>
    (
      await apiClient().get<{ data: PaymentMethod[] }>('/api/payment/methods/withdrawal', {
        skipGlobalHandler: true,
      })
    ).data,
  staleTime: 60_000,
});

export function useWithdrawalMethods() {
  return usePlayerQuery(withdrawalMethodsQuery);
}

/** The methods that can pay out `currency`. */
export function methodsFor(methods: readonly PaymentMethod[], currency: string): PaymentMethod[] {
  return methods.filter((method) => method.currencies.includes(currency));
}
