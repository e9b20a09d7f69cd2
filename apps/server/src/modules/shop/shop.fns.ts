import type { Bundle, BundlePurchase } from '@coinfall/shared';
import type { bundlePurchases, bundles } from '../../db/schema/index.ts';
import { SEGMENT_IDS } from '../../db/seed/reference-data.ts';

export type BundleRow = typeof bundles.$inferSelect;
export type PurchaseRow = typeof bundlePurchases.$inferSelect;

export function toBundle(row: BundleRow): Bundle {
  return {
    id: row.id,
    identity: row.identity,
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    goldCoins: row.goldCoins,
    sweepsCoins: row.sweepsCoins,
    active: row.active,
    position: row.position,
    badge: row.badge ?? null,
  };
}

export function toBundlePurchase(row: PurchaseRow): BundlePurchase {
  return {
    id: row.id,
    status: row.status as BundlePurchase['status'],
    amount: row.amount,
    currency: row.currency,
    invoiceId: row.invoiceId,
    bundleId: row.bundleId,
    bundleIdentity: row.bundleIdentity,
    goldCoins: row.goldCoins,
    sweepsCoins: row.sweepsCoins,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Spec §3 "Segment": a purchaser is a player in the segment flagged itHasPurchases. */
export const PURCHASERS_SEGMENT_ID = SEGMENT_IDS.purchasers;
export const isPurchaser = (segmentIds: readonly number[]): boolean =>
  segmentIds.includes(PURCHASERS_SEGMENT_ID);
