import { useCallback } from 'react';
import { refreshMoneyQueries } from '../../../lib/query/money-moved.ts';

/** After money moved, the new balances and lists are read again (no reload). */
export function useMoneyMoved(): () => void {
  return useCallback(() => void refreshMoneyQueries(), []);
}
