import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';

/**
 * PUT /api/payment/invoices/{id}/{action}, the player's own invoice:
 * - `cancel`: a purchase or deposit that has not completed; the provider is asked and its answer
 *   settles it (canceled, or credited if it had gone through);
 * - `decline`: a pending payout, whose held funds are released.
 * A refusal (409: final, being processed or reviewed; 404: gone) is the row's to say, so the
 * global handler is skipped; either way the lists and balances are read again.
 */
export function useInvoiceAction(action: 'cancel' | 'decline') {
  return useMutation(
    {
      mutationFn: async (id: string) => {
        try {
          return await apiClient().put<Invoice>(
            `/api/payment/invoices/${encodeURIComponent(id)}/${action}`,
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
