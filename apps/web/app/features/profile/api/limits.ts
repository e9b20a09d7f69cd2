import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  CreateLimitBody,
  PlayerLimit,
  PlayerLimitList,
  UpdateLimitBody,
} from '@coinfall/shared/contracts/limits';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

const LIMITS_PATH = '/api/player/limits';

/** GET /api/player/limits: every limit with any raise or removal still cooling off. */
export const limitsQuery = queryOptions({
  queryKey: ['player', 'limits'] as const,
  queryFn: async () => (await apiClient().get<PlayerLimitList>(LIMITS_PATH)).data,
});

export function useLimits() {
  return usePlayerQuery(limitsQuery);
}

/** Puts one limit as the server answered it into the list. */
function storeLimit(limit: PlayerLimit): void {
  playerQueryClient.setQueryData<PlayerLimit[]>(limitsQuery.queryKey, (list = []) =>
    list.some((l) => l.limitId === limit.limitId)
      ? list.map((l) => (l.limitId === limit.limitId ? limit : l))
      : [...list, limit],
  );
}

const limitPath = (limitId: string) => `${LIMITS_PATH}/${encodeURIComponent(limitId)}`;

/**
 * Each call answers the limit as it now stands; 400/409 are shown by the form. A limit that is
 * gone (404) is the section's to say, not a trip to /404.
 */
export function useLimitMutations() {
  const options = { onSuccess: storeLimit } as const;
  const create = useMutation(
    {
      ...options,
      mutationFn: (body: CreateLimitBody) => apiClient().post<PlayerLimit>(LIMITS_PATH, { body }),
    },
    playerQueryClient,
  );
  const update = useMutation(
    {
      ...options,
      mutationFn: ({ limitId, ...body }: UpdateLimitBody & { limitId: string }) =>
        apiClient().put<PlayerLimit>(limitPath(limitId), { body, skipGlobalHandler: true }),
    },
    playerQueryClient,
  );
  const remove = useMutation(
    {
      ...options,
      mutationFn: (limitId: string) =>
        apiClient().delete<PlayerLimit>(limitPath(limitId), { skipGlobalHandler: true }),
    },
    playerQueryClient,
  );
  return { create, update, remove };
}
