import { lazy, Suspense } from 'react';
import { useRootData } from './root-data';

// The wallet's queries and formatting load only once a player is logged in; PlayerControls is
// itself lazy, and this keeps the wallet out of its chunk too.
const CurrencyMenu = lazy(() =>
  import('../features/wallet/components/currency-menu').then((m) => ({ default: m.CurrencyMenu })),
);

/** Balance button for players: the active wallet account and a menu of the others. */
export function CurrencyNav() {
  const { isAuthenticated } = useRootData();
  if (!isAuthenticated) return null;
  return (
    <Suspense
      fallback={
        <span aria-hidden="true" className="h-10 w-28 animate-pulse rounded-xl bg-surface-2" />
      }
    >
      <CurrencyMenu />
    </Suspense>
  );
}
