import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminRedemption,
  AdminRedemptionSort,
} from '@coinfall/shared/contracts/admin-players';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import { staffApi, staffQueryClient } from './staff-client';

export interface RedemptionQueue {
  data: AdminRedemption[];
  meta: PageMeta;
}

/** Payouts waiting for a decision, oldest first by default, with the player's risk context. */
export function useRedemptionQueue(search: {
  sort: AdminRedemptionSort;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}) {
  return useQuery(
    {
      queryKey: ['staff', 'redemptions', search] as const,
      queryFn: () =>
        staffApi.get<RedemptionQueue>('/api/admin/redemptions', { query: { ...search } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

/** Approve (the provider pays out) or reject with a reason (the money goes back). */
export async function decideRedemption(
  invoiceId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  await staffApi.post(
    `/api/admin/redemptions/${invoiceId}/${decision.approve ? 'approve' : 'reject'}`,
    decision.approve ? {} : { body: { reason: decision.reason } },
  );
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
}
