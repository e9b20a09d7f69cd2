import {
  QueryClient,
  hashKey,
  queryOptions,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { apiClient } from '../session/session';
import { useHydrated } from '../use-hydrated';
import { asServerRendered } from './server-rendered-result.fns';

/**
 * Player data on the site (ARCHITECTURE §4: TanStack Query for player data). The client is
 * passed to each hook instead of a provider at the root, so a guest's first page never loads
 * the library: only the logged-in controls, modals and player pages import this module.
 */
export const playerQueryClient = new QueryClient({
  defaultOptions: {
    // The global failure handler of spec §8 already acts on 401/403/404; a retry would repeat it.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * useQuery on the player's cache, hydration-safe. The server never has the player's data, so it
 * renders every player query as pending; a part of the page that hydrates late (a lazy
 * component's Suspense boundary, such as the header's player controls) could otherwise find
 * data already fetched by the parts hydrated before it and render text the server did not
 * (React error 418). While hydrating, the result is the server's; the next render shows the
 * cache.
 */
export function usePlayerQuery<
  TQueryFnData = unknown,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const hydrated = useHydrated();
  // eslint-disable-next-line no-restricted-syntax -- the one read of the cache, made safe below
  const result = useQuery(options, playerQueryClient);
  return hydrated ? result : asServerRendered(result, options.enabled !== false);
}

export const profileQuery = queryOptions({
  queryKey: ['player', 'profile'] as const,
  queryFn: () => apiClient().get<PlayerProfile>('/api/player/profile'),
});

/** The profile's key as the query cache's events name it. */
export const PROFILE_HASH = hashKey(profileQuery.queryKey);

/** The logged-in player's profile (GET /api/player/profile), shared by every component. */
export function useProfile() {
  return usePlayerQuery(profileQuery);
}

/** Puts a profile the API just answered with (login, update, OTP verify) into the cache. */
export function setProfile(profile: PlayerProfile): void {
  playerQueryClient.setQueryData(profileQuery.queryKey, profile);
}

/** Forgets every player's data (logout, account removed). */
export function clearPlayerData(): void {
  playerQueryClient.clear();
}

/** Calls back once with the first profile the cache holds, now or when it arrives. */
export function onFirstProfile(callback: (profile: PlayerProfile) => void): () => void {
  let done = false;
  const check = () => {
    const profile = playerQueryClient.getQueryData(profileQuery.queryKey);
    if (done || !profile) return;
    done = true;
    unsubscribe();
    callback(profile);
  };
  const unsubscribe = playerQueryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === PROFILE_HASH && event.type === 'updated') check();
  });
  check();
  return unsubscribe;
}
