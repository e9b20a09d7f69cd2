import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminBigWin,
  AdminRoundDetail,
  AdminRoundRow,
  AdminRoundSearchQuery,
} from '@coinfall/shared/contracts/admin-rounds';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import { staffApi, staffQueryClient } from './staff-client';

export interface RoundList {
  data: AdminRoundRow[];
  meta: PageMeta;
}

/** Round search (GET /api/admin/rounds): the filters, sort and page as the API reads them. */
export function useRoundSearch(query: AdminRoundSearchQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'rounds', query] as const,
      queryFn: () => staffApi.get<RoundList>('/api/admin/rounds', { query: { ...query } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

/** One round: its summary, replay data and ledger postings. */
export function useRound(id: string) {
  return useQuery(
    {
      queryKey: ['staff', 'round', id] as const,
      queryFn: () => staffApi.get<AdminRoundDetail>(`/api/admin/rounds/${id}`),
    },
    staffQueryClient,
  );
}

/** Rolls an open round back (every stake refunded), with the reason its posting keeps. */
export async function rollbackRound(id: string, reason: string): Promise<AdminRoundDetail> {
  const detail = await staffApi.post<AdminRoundDetail>(`/api/admin/rounds/${id}/rollback`, {
    body: { reason },
  });
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return detail;
}

export interface BigWinList {
  data: AdminBigWin[];
  meta: PageMeta;
}

export interface BigWinSearch {
  page: number;
  perPage: number;
  playerId?: string;
  from?: string;
  to?: string;
}

/** Big-win alerts, newest first, with how their Slack post went. */
export function useBigWins(search: BigWinSearch) {
  return useQuery(
    {
      queryKey: ['staff', 'big-wins', search] as const,
      queryFn: () => staffApi.get<BigWinList>('/api/admin/big-wins', { query: { ...search } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}
