import { queryOptions } from '@tanstack/react-query';
import type { SweepsStanding } from '@coinfall/shared/contracts/jurisdiction';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/**
 * GET /api/player/protection/jurisdiction: what the player's place allows now (Sweeps Coins
 * play, bonuses, redemptions and a wind-down's end), the same answer the server's doors read.
 */
export const placeStandingQuery = queryOptions({
  queryKey: ['protection', 'jurisdiction'] as const,
  queryFn: () => apiClient().get<SweepsStanding>('/api/player/protection/jurisdiction'),
  staleTime: 60_000,
});

export function usePlaceStanding() {
  return usePlayerQuery(placeStandingQuery);
}
