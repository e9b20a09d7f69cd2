import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Game } from '@coinfall/shared/contracts/game';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

interface GameArray {
  data: Game[];
}

/** GET /api/game/games/favorites: the player's marked games. */
export const favoritesQuery = queryOptions({
  queryKey: ['game', 'favorites'] as const,
  queryFn: () => apiClient().get<GameArray>('/api/game/games/favorites'),
});

export function useFavorites(enabled = true) {
  return usePlayerQuery({ ...favoritesQuery, enabled });
}

/** Ids of the player's favourites, to mark lobby tiles (the lobby's own data is public). */
export function useFavoriteIds(enabled: boolean): ReadonlySet<number> {
  const { data } = useFavorites(enabled);
  return new Set(data?.data.map((g) => g.id) ?? []);
}

/**
 * POST or DELETE /api/game/games/{id}/favorite. The list changes at once (the heart fills) and
 * goes back if the server refuses.
 */
export function useToggleFavorite() {
  return useMutation(
    {
      mutationFn: ({ game, favorite }: { game: Game; favorite: boolean }) =>
        favorite
          ? apiClient().post(`/api/game/games/${game.id}/favorite`)
          : apiClient().delete(`/api/game/games/${game.id}/favorite`),
      onMutate: async ({ game, favorite }) => {
        await playerQueryClient.cancelQueries({ queryKey: favoritesQuery.queryKey });
        const before = playerQueryClient.getQueryData<GameArray>(favoritesQuery.queryKey);
        const rest = (before?.data ?? []).filter((g) => g.id !== game.id);
        playerQueryClient.setQueryData<GameArray>(favoritesQuery.queryKey, {
          data: favorite ? [{ ...game, isFavorite: true }, ...rest] : rest,
        });
        return { before };
      },
      onError: (_error, _vars, context) => {
        if (context?.before)
          playerQueryClient.setQueryData(favoritesQuery.queryKey, context.before);
      },
      onSettled: () => playerQueryClient.invalidateQueries({ queryKey: favoritesQuery.queryKey }),
    },
    playerQueryClient,
  );
}
