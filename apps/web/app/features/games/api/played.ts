import { queryOptions } from '@tanstack/react-query';
import type { Game } from '@coinfall/shared/contracts/game';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/game/games/played: the player's recently played games, newest first. */
export const playedQuery = queryOptions({
  queryKey: ['game', 'played'] as const,
  queryFn: () => apiClient().get<{ data: Game[] }>('/api/game/games/played'),
});

export function useRecentlyPlayed(enabled = true) {
  return usePlayerQuery({ ...playedQuery, enabled });
}
