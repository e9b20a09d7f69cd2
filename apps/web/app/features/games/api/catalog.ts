import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Game, GameList } from '@coinfall/shared/contracts/game';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient } from '../../../lib/session/session';
import { gameListQueryOf, nextPageOf, type LobbyFilter } from '../lobby.fns';

/**
 * GET /api/game/games, page by page, for the lobby's "Load more". The first page comes from the
 * route loader (server-rendered) and seeds the query as its initial data.
 */
export const lobbyGamesQuery = (filter: LobbyFilter, firstPage?: GameList) =>
  infiniteQueryOptions({
    queryKey: ['game', 'games', 'lobby', filter] as const,
    queryFn: ({ pageParam }) =>
      // A licensed collection answers 403 COLLECTION_UNAVAILABLE: the lobby says so itself
      // instead of the global handler logging the player out.
      apiClient().get<GameList>('/api/game/games', {
        query: gameListQueryOf(filter, pageParam),
        skipGlobalHandler: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.meta),
    initialData: firstPage ? { pages: [firstPage], pageParams: [1] } : undefined,
    retry: false,
    // The loader's page is fresh: do not ask for it again on mount.
    staleTime: 60_000,
  });

/** GET /api/game/games/{id}: one game by id or identity. */
export const gameQuery = (id: string) =>
  queryOptions({
    queryKey: ['game', 'games', 'one', id] as const,
    queryFn: () => apiClient().get<Game>(`/api/game/games/${encodeURIComponent(id)}`),
  });

/** True when the API refused a licensed collection for this caller (decision 014). */
export function isCollectionRefused(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'COLLECTION_UNAVAILABLE';
}
