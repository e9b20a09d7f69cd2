import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';

/**
 * PUT /api/payment/invoices/{id}/decline: the player cancels a pending payout and the held funds
 * are released. A payout already reviewed (409) or gone (404) is the row's to say, so the global
 * handler is skipped; either way the lists and balances are read again.
 */
export function useDeclineInvoice() {
  return useMutation(
    {
      mutationFn: async (id: string) => {
        try {
          return await apiClient().put<Invoice>(
            `/api/payment/invoices/${encodeURIComponent(id)}/decline`,
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
