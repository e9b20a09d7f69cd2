import { z } from 'zod';
import { serialIdSchema } from './serial-id.ts';
import { PurchaseStatus } from '../constants.ts';
import { pagedListSchema } from './player.ts';

/** Spec §9: bundles and purchases are fetched with perPage 1000. */
export const SHOP_MAX_PER_PAGE = 1000;

const minorUnits = (what: string) =>
  z.number().int().nonnegative().describe(`${what}, integer minor units`);

/** A Gold Coin bundle priced in USD, with bonus Sweeps Coins (spec §3, §7 Shop). */
export const bundleSchema = z.object({
  id: z.number().int().positive(),
  identity: z.string().describe('Stable slug, e.g. "starter"; content texts are keyed by it'),
  price: z.object({ amount: minorUnits('Price'), currency: z.string() }),
  goldCoins: minorUnits('Gold Coins credited (GC)'),
  sweepsCoins: minorUnits('Bonus Sweeps Coins credited (SC)'),
  active: z.boolean(),
  position: z.number().int(),
  badge: z.enum(['popular', 'best-value', 'first-purchase']).nullable(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const bundleListQuerySchema = z.object({
  active: z.enum(['0', '1']).optional().describe('1: only bundles on sale now'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(SHOP_MAX_PER_PAGE).default(SHOP_MAX_PER_PAGE),
});
export type BundleListQuery = z.infer<typeof bundleListQuerySchema>;
export const bundleListSchema = pagedListSchema(bundleSchema);
export type BundleList = z.infer<typeof bundleListSchema>;

const purchaseStatusSchema = z
  .union([
    z.literal(PurchaseStatus.InProgress),
    z.literal(PurchaseStatus.Completed),
    z.literal(PurchaseStatus.Failed),
  ])
  .describe('1 in progress; any other status ends the purchase flow (2 completed, 3 failed)');

/** A bundle purchase (spec §3 "Bundle purchase"). */
export const bundlePurchaseSchema = z.object({
  id: z.uuid(),
  status: purchaseStatusSchema,
  amount: minorUnits('Price paid'),
  currency: z.string(),
  invoiceId: z.uuid().nullable().describe('The purchase invoice once payment started'),
  bundleId: z.number().int(),
  bundleIdentity: z.string(),
  goldCoins: minorUnits('Gold Coins credited on completion'),
  sweepsCoins: minorUnits('Sweeps Coins credited on completion'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BundlePurchase = z.infer<typeof bundlePurchaseSchema>;

/** `status` may repeat (`?status=1&status=2`) or be comma separated (`?status=1,2`). */
export const purchaseListQuerySchema = z.object({
  status: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','));
      const out: number[] = [];
      for (const part of parts) {
        const n = Number(part);
        if (!Object.values(PurchaseStatus).includes(n as never)) {
          ctx.addIssue({ code: 'custom', message: `Unknown purchase status ${part}` });
          return z.NEVER;
        }
        out.push(n);
      }
      return out;
    }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(SHOP_MAX_PER_PAGE).default(20),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;
export const bundlePurchaseListSchema = pagedListSchema(bundlePurchaseSchema);
export type BundlePurchaseList = z.infer<typeof bundlePurchaseListSchema>;

/** Starts a purchase (status 1); payment follows with POST /api/payment/invoices/purchase. */
export const createPurchaseBodySchema = z.object({
  bundleId: serialIdSchema,
  expected: z
    .object({
      price: bundleSchema.shape.price,
      goldCoins: bundleSchema.shape.goldCoins,
      sweepsCoins: bundleSchema.shape.sweepsCoins,
    })
    .optional()
    .describe(
      'The offer as the player saw it: a bundle whose price or coins changed since answers 409 OFFER_CHANGED (details.bundle: the offer now), never a purchase at a price the player did not see',
    ),
});
export type CreatePurchaseBody = z.infer<typeof createPurchaseBodySchema>;

/** Payload of the `bundle.purchase.updated` event (channel: shop purchases per player). */
export const bundlePurchaseUpdatedEventSchema = z.object({
  purchase: bundlePurchaseSchema,
  playerId: z.uuid(),
});
export type BundlePurchaseUpdatedEvent = z.infer<typeof bundlePurchaseUpdatedEventSchema>;
