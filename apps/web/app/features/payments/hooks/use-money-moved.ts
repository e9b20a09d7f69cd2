import { useCallback } from 'react';
import { accountsQuery } from '../../wallet/api/accounts.ts';
import { playerQueryClient } from '../../player/player-queries.ts';
import { refreshPurchases } from '../../shop/api/purchases.ts';

/**
 * After money moved: the header balance (wallet accounts) and the purchase lists are read again,
 * so the player sees the new balance without a reload.
 */
export function useMoneyMoved(): () => void {
  return useCallback(() => {
    void playerQueryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
    void refreshPurchases();
    void playerQueryClient.invalidateQueries({ queryKey: ['payment', 'invoices'] });
  }, []);
}
