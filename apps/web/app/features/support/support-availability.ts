import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../lib/root-data';
import { readSupportPass } from '../../lib/session/support-pass';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Whether this visitor can open the support chat: a signed-in player, or a blocked or excluded
 * player holding the support pass of their refused login (issue 18). Known after hydration only
 * (the pass lives in the tab's storage), so the server renders the other choice.
 */
export function useSupportAvailable(): boolean {
  // The root's data may be missing (the error boundary's 500 page): then nobody is signed in.
  const isAuthenticated = useRouteLoaderData<RootData>('root')?.isAuthenticated ?? false;
  const hydrated = useHydrated();
  return isAuthenticated || (hydrated && readSupportPass() !== undefined);
}
