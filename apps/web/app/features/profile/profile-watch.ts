import { PlayerStatus } from '@coinfall/shared/constants';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { PROFILE_HASH, playerQueryClient, profileQuery } from '../../lib/query/player-queries';
import { failureAction } from '../../lib/api/api-client.fns';
import { ApiError } from '../../lib/api/api-error.ts';
import { apiClient, routeFailure } from '../../lib/session/session';

/** What the modal gate and the blocked redirect need of the profile. */
export type ProfileGateSnapshot = { complete: boolean; blocked: boolean } | 'failed';

/**
 * Reports the cached profile now and on every change, whoever loaded it (a profile page, a save,
 * the gate). The cache calls its listeners synchronously, so a save followed at once by opening
 * the backTo modal is seen by the gate before that navigation lands.
 */
export function watchPlayerProfile(onChange: (snapshot: ProfileGateSnapshot) => void): () => void {
  const report = () => {
    const state = playerQueryClient.getQueryState(profileQuery.queryKey);
    const profile = state?.data;
    if (profile)
      onChange({ complete: profile.isComplete, blocked: profile.status === PlayerStatus.Blocked });
    else if (state?.status === 'error') onChange('failed');
  };
  report();
  return playerQueryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === PROFILE_HASH && event.type === 'updated') report();
  });
}

/** Loads the profile unless a fresh one is cached; failures reach the watcher as 'failed'. */
export function loadPlayerProfile(): void {
  playerQueryClient.fetchQuery(profileQuery).catch(() => undefined);
}

/**
 * Spec §4 "Startup": a logged-in page loads the profile. A failure is not the §8 routing to /403
 * (the spec's startup fallback is silent, and the next call of the page routes as usual), except
 * a blocked account, which goes to /blocked at once.
 */
export function loadProfileAtStartup(): void {
  playerQueryClient
    .fetchQuery({
      ...profileQuery,
      queryFn: () =>
        apiClient().get<PlayerProfile>('/api/player/profile', { skipGlobalHandler: true }),
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && failureAction(error) === 'blocked') routeFailure('blocked');
    });
}

// The startup modal loads this module on demand and takes the first-profile watch from it.
export { onFirstProfile } from '../../lib/query/player-queries';
