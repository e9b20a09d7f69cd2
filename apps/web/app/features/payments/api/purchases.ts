import { queryOptions } from '@tanstack/react-query';
import type { BundlePurchase, BundlePurchaseList } from '@coinfall/shared/contracts/shop';
import { PurchaseStatus } from '@coinfall/shared/constants';
import { IDEMPOTENCY_KEY_HEADER } from '../payment-constants';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

const PURCHASES_PATH = '/api/shop/purchases';

/** GET /api/shop/purchases: the player's latest purchases, newest first. */
export const recentPurchasesQuery = (perPage = 10) =>
  queryOptions({
    queryKey: ['shop', 'purchases', { perPage }] as const,
    queryFn: () =>
      apiClient().get<BundlePurchaseList>(PURCHASES_PATH, {
        query: { perPage },
        skipGlobalHandler: true,
      }),
  });

export function useRecentPurchases(perPage = 10) {
  return usePlayerQuery(recentPurchasesQuery(perPage));
}

/**
 * Whether the player has completed a bundle purchase (one completed row is enough to know);
 * undefined while loading or when it could not be read.
 */
export function useHasPurchased(): boolean | undefined {
  const completed = usePlayerQuery(
    queryOptions({
      queryKey: ['shop', 'purchases', { status: [PurchaseStatus.Completed], perPage: 1 }] as const,
      queryFn: () =>
        apiClient().get<BundlePurchaseList>(PURCHASES_PATH, {
          query: { status: [PurchaseStatus.Completed], perPage: 1 },
          skipGlobalHandler: true,
        }),
    }),
  );
  return completed.data ? completed.data.meta.totalRows > 0 : undefined;
}

/** Every purchase list query, read again once money moved. */
export const refreshPurchases = () =>
  playerQueryClient.invalidateQueries({ queryKey: ['shop', 'purchases'] });

/** POST /api/shop/purchases: starts a purchase (status 1). The caller handles failures. */
export function createPurchase(bundleId: number, idempotencyKey: string): Promise<BundlePurchase> {
  return apiClient().post<BundlePurchase>(PURCHASES_PATH, {
    body: { bundleId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    skipGlobalHandler: true,
  });
}
