import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/** False on the server and while hydrating, true afterwards: for client-only UI. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
