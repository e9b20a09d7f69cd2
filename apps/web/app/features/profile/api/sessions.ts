import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { PlayerSessionList } from '@coinfall/shared/contracts/player';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient } from '../../../lib/session/session';
import { withoutSession } from '../sessions.fns';

export const SESSIONS_PER_PAGE = 10;
export const sessionsKey = ['player', 'sessions'] as const;

/** GET /api/player/sessions?page&perPage: the player's live sessions, one page. */
export const sessionsQuery = (page: number) =>
  queryOptions({
    queryKey: [...sessionsKey, page] as const,
    queryFn: () =>
      apiClient().get<PlayerSessionList>('/api/player/sessions', {
        query: { page, perPage: SESSIONS_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

export function useSessions(page: number) {
  return usePlayerQuery(sessionsQuery(page));
}

/**
 * PUT /api/player/sessions/{id}/close. The row goes at once and comes back if the call fails;
 * a 404 means the session had ended already, which is what was asked for.
 */
export function useCloseSession(page: number) {
  const key = sessionsQuery(page).queryKey;
  return useMutation(
    {
      mutationFn: async (sessionId: string) => {
        try {
          await apiClient().put<void>(
            `/api/player/sessions/${encodeURIComponent(sessionId)}/close`,
            {
              skipGlobalHandler: true,
            },
          );
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return;
          throw error;
        }
      },
      onMutate: async (sessionId) => {
        await playerQueryClient.cancelQueries({ queryKey: key });
        const before = playerQueryClient.getQueryData<PlayerSessionList>(key);
        if (before) playerQueryClient.setQueryData(key, withoutSession(before, sessionId));
        return { before };
      },
      onError: (_error, _sessionId, context) => {
        if (context?.before) playerQueryClient.setQueryData(key, context.before);
      },
      onSettled: () => void playerQueryClient.invalidateQueries({ queryKey: sessionsKey }),
    },
    playerQueryClient,
  );
}
