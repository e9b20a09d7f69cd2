import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AmoeCode, AmoeCodeList } from '@coinfall/shared/contracts/sweeps-compliance';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/player/amoe/codes: the player's free-entry request codes and the terms. */
export const amoeCodesQuery = queryOptions({
  queryKey: ['amoe', 'codes'] as const,
  queryFn: () => apiClient().get<AmoeCodeList>('/api/player/amoe/codes'),
});

export function useAmoeCodes() {
  return usePlayerQuery(amoeCodesQuery);
}

/** POST /api/player/amoe/codes: a new code; the section shows a refusal (limit, state) itself. */
export function useGenerateAmoeCode() {
  return useMutation(
    {
      mutationFn: async () => {
        try {
          return await apiClient().post<AmoeCode>('/api/player/amoe/codes', {
            skipGlobalHandler: true,
          });
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSettled: () => playerQueryClient.invalidateQueries({ queryKey: amoeCodesQuery.queryKey }),
    },
    playerQueryClient,
  );
}
