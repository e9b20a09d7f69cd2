import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Adjustment,
  AdjustmentBody,
  AdminPasswordResetResult,
  AdminPlayerList,
  AdminPlayerProfile,
  AdminPlayerRow,
  AdminPlayerSort,
  AdjustmentSort,
  PlayerStatusAction,
} from '@coinfall/shared/contracts/admin-players';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import { staffApi, staffQueryClient } from './staff-client';

/** Player search (GET /api/admin/players): id, email prefix, phone, nickname prefix; sorted, paged. */
export interface PlayerSearch {
  q?: string;
  status?: number;
  sort: AdminPlayerSort;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export function usePlayerSearch(search: PlayerSearch) {
  return useQuery(
    {
      queryKey: ['staff', 'players', search] as const,
      queryFn: () => staffApi.get<AdminPlayerList>('/api/admin/players', { query: { ...search } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

export const playerProfileQuery = (id: string) =>
  queryOptions({
    queryKey: ['staff', 'player', id] as const,
    queryFn: () => staffApi.get<AdminPlayerProfile>(`/api/admin/players/${id}`),
  });

export function usePlayerProfile(id: string) {
  return useQuery(playerProfileQuery(id), staffQueryClient);
}

/** A status action with the reason the audit keeps; the profile is read again after. */
export async function changePlayerStatus(
  id: string,
  action: PlayerStatusAction,
  reason: string,
): Promise<AdminPlayerRow> {
  const row = await staffApi.post<AdminPlayerRow>(`/api/admin/players/${id}/${action}`, {
    body: { reason },
  });
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return row;
}

/** The password stops working, every session ends, the player is mailed a new link. */
export async function forcePasswordReset(
  id: string,
  reason: string,
): Promise<AdminPasswordResetResult> {
  const result = await staffApi.post<AdminPasswordResetResult>(
    `/api/admin/players/${id}/password-reset`,
    { body: { reason } },
  );
  await staffQueryClient.invalidateQueries({ queryKey: ['staff', 'player', id] });
  return result;
}

/**
 * A manual adjustment through the ledger. The key names this one request: a retried click
 * answers the first adjustment instead of moving the money twice.
 */
export async function requestAdjustment(
  playerId: string,
  body: AdjustmentBody,
  idempotencyKey: string,
): Promise<Adjustment> {
  const adjustment = await staffApi.post<Adjustment>(`/api/admin/players/${playerId}/adjustments`, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return adjustment;
}

export interface AdjustmentList {
  data: Adjustment[];
  meta: PageMeta;
}

/** The adjustments waiting for a second staff member (four eyes), newest first by default. */
export function usePendingAdjustments(search: {
  sort: AdjustmentSort;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}) {
  return useQuery(
    {
      queryKey: ['staff', 'adjustments', 'pending', search] as const,
      queryFn: () =>
        staffApi.get<AdjustmentList>('/api/admin/adjustments', {
          query: { status: 'pending', ...search },
        }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

export async function approveAdjustment(id: string, reason: string): Promise<Adjustment> {
  const adjustment = await staffApi.post<Adjustment>(`/api/admin/adjustments/${id}/approve`, {
    body: { reason },
  });
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return adjustment;
}

/** Turns a pending adjustment down (or withdraws one's own): nothing moves; the reason is kept. */
export async function rejectAdjustment(id: string, reason: string): Promise<Adjustment> {
  const adjustment = await staffApi.post<Adjustment>(`/api/admin/adjustments/${id}/reject`, {
    body: { reason },
  });
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return adjustment;
}
