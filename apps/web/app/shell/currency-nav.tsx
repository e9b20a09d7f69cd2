import { CurrencyMenu } from '../features/wallet/components/currency-menu';
import { useRootData } from '../lib/root-data';

/**
 * Balance button for players: the active wallet account and a menu of the others. Only
 * PlayerControls imports this, and it is lazy, so the wallet's code loads for players alone; a
 * second lazy boundary here would split out the preload helper and grow the guest's first load.
 */
export function CurrencyNav() {
  const { isAuthenticated } = useRootData();
  if (!isAuthenticated) return null;
  return <CurrencyMenu />;
}
