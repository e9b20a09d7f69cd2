import { useCallback } from 'react';
import { refreshMoneyQueries } from '../../wallet/api/money-moved.ts';

/** After money moved, the new balances and lists are read again (no reload). */
export function useMoneyMoved(): () => void {
  return useCallback(() => void refreshMoneyQueries(), []);
}
