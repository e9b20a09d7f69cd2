import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { apiClient } from '../session/session';

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

export const profileQuery = queryOptions({
  queryKey: ['player', 'profile'] as const,
  queryFn: () => apiClient().get<PlayerProfile>('/api/player/profile'),
});

/** The logged-in player's profile (GET /api/player/profile), shared by every component. */
export function useProfile() {
  return useQuery(profileQuery, playerQueryClient);
}

/** Puts a profile the API just answered with (login, update, OTP verify) into the cache. */
export function setProfile(profile: PlayerProfile): void {
  playerQueryClient.setQueryData(profileQuery.queryKey, profile);
}

/** Forgets every player's data (logout, account removed). */
export function clearPlayerData(): void {
  playerQueryClient.clear();
}
