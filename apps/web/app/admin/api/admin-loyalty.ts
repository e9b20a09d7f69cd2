import { useQuery } from '@tanstack/react-query';
import type {
  AdminLoyaltyLadder,
  AdminLoyaltyLevel,
  AdminLoyaltySublevel,
} from '@coinfall/shared/contracts/admin-loyalty';
import { staffApi, staffQueryClient } from './staff-client';

/** The loyalty ladder as staff edit it (GET /api/admin/loyalty/ladder, decision 057). */
export function useLoyaltyLadder() {
  return useQuery(
    {
      queryKey: ['staff', 'loyalty-ladder'] as const,
      queryFn: () => staffApi.get<AdminLoyaltyLadder>('/api/admin/loyalty/ladder'),
    },
    staffQueryClient,
  );
}

const refreshed = async <T>(work: Promise<T>): Promise<T> => {
  const result = await work;
  await staffQueryClient.invalidateQueries({ queryKey: ['staff', 'loyalty-ladder'] });
  return result;
};

export const updateLoyaltyLevel = (id: number, body: Record<string, unknown>) =>
  refreshed(staffApi.put<AdminLoyaltyLevel>(`/api/admin/loyalty/levels/${id}`, { body }));

/** A level's VIP benefits (decision 061): their own route, as they move money. */
export const updateLoyaltyBenefits = (id: number, body: Record<string, unknown>) =>
  refreshed(staffApi.put<AdminLoyaltyLevel>(`/api/admin/loyalty/levels/${id}/benefits`, { body }));

export const createLoyaltySublevel = (body: Record<string, unknown>) =>
  refreshed(staffApi.post<AdminLoyaltySublevel>('/api/admin/loyalty/sublevels', { body }));

export const updateLoyaltySublevel = (id: number, body: Record<string, unknown>) =>
  refreshed(staffApi.put<AdminLoyaltySublevel>(`/api/admin/loyalty/sublevels/${id}`, { body }));

export const retireLoyaltySublevel = (id: number, reason: string) =>
  refreshed(staffApi.post<null>(`/api/admin/loyalty/sublevels/${id}/retire`, { body: { reason } }));
