import { queryOptions } from '@tanstack/react-query';
import type { Bundle, BundlePurchase, BundlePurchaseList } from '@coinfall/shared/contracts/shop';
import { PurchaseStatus } from '@coinfall/shared/constants';
import { IDEMPOTENCY_KEY_HEADER } from '../payment-constants';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { ApiError } from '../../../lib/api/api-error';
import { bundlesQuery } from './bundles';

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

/**
 * POST /api/shop/purchases: starts a purchase (status 1) of the offer the player sees. The caller
 * handles failures; an offer changed since (409 OFFER_CHANGED) reads the shop again, so the
 * checkout shows the offer now beside the server's words.
 */
export async function createPurchase(
  bundle: Pick<Bundle, 'id' | 'price' | 'goldCoins' | 'sweepsCoins'>,
  idempotencyKey: string,
): Promise<BundlePurchase> {
  try {
    return await apiClient().post<BundlePurchase>(PURCHASES_PATH, {
      body: {
        bundleId: bundle.id,
        expected: {
          price: bundle.price,
          goldCoins: bundle.goldCoins,
          sweepsCoins: bundle.sweepsCoins,
        },
      },
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      skipGlobalHandler: true,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'OFFER_CHANGED') {
      void playerQueryClient.invalidateQueries({ queryKey: bundlesQuery.queryKey });
    }
    throw err;
  }
}
