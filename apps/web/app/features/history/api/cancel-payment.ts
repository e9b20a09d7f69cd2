import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';

/**
 * PUT /api/payment/invoices/{id}/cancel: the player cancels their own purchase or deposit that
 * has not completed; the provider is asked and its answer settles it (canceled, or credited if
 * it had gone through). A 409 (final, or being processed) is the row's to say, so the global
 * handler is skipped; either way the lists and balances are read again.
 */
export function useCancelPayment() {
  return useMutation(
    {
      mutationFn: async (id: string) => {
        try {
          return await apiClient().put<Invoice>(
            `/api/payment/invoices/${encodeURIComponent(id)}/cancel`,
            { skipGlobalHandler: true },
          );
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSettled: refreshMoneyQueries,
    },
    playerQueryClient,
  );
}
