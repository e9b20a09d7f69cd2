import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Spin } from '@coinfall/shared/contracts/game';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import type { RoundReplay } from '@coinfall/shared/contracts/rgs';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

export const ROUNDS_PAGE_SIZE = 20;

/** GET /api/game/spins: the player's rounds, newest first, paged. */
export const spinsQuery = (page: number) =>
  queryOptions({
    queryKey: ['game', 'spins', page] as const,
    queryFn: () =>
      apiClient().get<{ data: Spin[]; meta: PageMeta }>('/api/game/spins', {
        query: { page, perPage: ROUNDS_PAGE_SIZE },
      }),
  });

export function useSpins(page: number) {
  return usePlayerQuery({ ...spinsQuery(page), placeholderData: keepPreviousData });
}

/** GET /api/game/spins/{id}/replay: a round with its seeds (once revealed) and actions. */
export const replayQuery = (id: string) =>
  queryOptions({
    queryKey: ['game', 'spins', 'replay', id] as const,
    queryFn: () =>
      apiClient().get<RoundReplay>(`/api/game/spins/${encodeURIComponent(id)}/replay`, {
        skipGlobalHandler: true,
      }),
  });

export function useReplay(id: string | undefined) {
  return usePlayerQuery({ ...replayQuery(id ?? ''), enabled: id !== undefined, retry: false });
}
