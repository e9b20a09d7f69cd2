import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ClientSeedBody, Fairness } from '@coinfall/shared/contracts/rgs';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/game/fairness: the commitment, client seed, next nonce and the last revealed pair. */
export const fairnessQuery = queryOptions({
  queryKey: ['game', 'fairness'] as const,
  queryFn: () => apiClient().get<Fairness>('/api/game/fairness'),
});

export function useFairness() {
  return usePlayerQuery(fairnessQuery);
}

function keepFairness(answer: unknown) {
  // The answer is the new state when it has the full shape; otherwise read it again.
  if (answer && typeof answer === 'object' && 'previous' in answer)
    playerQueryClient.setQueryData(fairnessQuery.queryKey, answer as Fairness);
  return playerQueryClient.invalidateQueries({ queryKey: fairnessQuery.queryKey });
}

/** PUT /api/game/fairness/client-seed. */
export function useSetClientSeed() {
  return useMutation(
    {
      mutationFn: (body: ClientSeedBody) =>
        apiClient().put<unknown>('/api/game/fairness/client-seed', {
          body,
          skipGlobalHandler: true,
        }),
      onSuccess: keepFairness,
    },
    playerQueryClient,
  );
}

/** POST /api/game/fairness/rotate: reveals the server seed in use and commits to a new one. */
export function useRotateSeed() {
  return useMutation(
    {
      mutationFn: () =>
        apiClient().post<unknown>('/api/game/fairness/rotate', { skipGlobalHandler: true }),
      onSuccess: keepFairness,
    },
    playerQueryClient,
  );
}
