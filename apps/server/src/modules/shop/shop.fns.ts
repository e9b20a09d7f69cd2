import type { Bundle, BundlePurchase } from '@coinfall/shared';
import type { bundlePurchases, bundles } from '../../db/schema/index.ts';
import { SEGMENT_IDS } from '../../db/seed/reference-data.ts';

export type BundleRow = typeof bundles.$inferSelect;
export type PurchaseRow = typeof bundlePurchases.$inferSelect;

/** On sale: switched on, and inside its sale window when it has one (decision 055). */
export function isOnSale(
  row: Pick<BundleRow, 'active' | 'startsAt' | 'endsAt'>,
  now: Date,
): boolean {
  return row.active && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || now < row.endsAt);
}

export function toBundle(row: BundleRow, now: Date): Bundle {
  return {
    id: row.id,
    identity: row.identity,
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    goldCoins: row.goldCoins,
    sweepsCoins: row.sweepsCoins,
    active: isOnSale(row, now),
    position: row.position,
    badge: row.badge ?? null,
  };
}

/** Whether the offer a player saw is the bundle's offer now (price, currency and coins). */
export const isSameOffer = (
  seen: Pick<Bundle, 'price' | 'goldCoins' | 'sweepsCoins'>,
  now: Pick<Bundle, 'price' | 'goldCoins' | 'sweepsCoins'>,
): boolean =>
  seen.price.amount === now.price.amount &&
  seen.price.currency === now.price.currency &&
  seen.goldCoins === now.goldCoins &&
  seen.sweepsCoins === now.sweepsCoins;

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
