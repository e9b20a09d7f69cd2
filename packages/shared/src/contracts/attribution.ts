import { z } from 'zod';

import { AB_GROUPS, FUNNEL_TYPES } from '../attribution-constants.ts';

export * from '../attribution-constants.ts';

const param = z.string().trim().min(1).max(256);

export const attributionSchema = z.object({
  /** The affiliate tag (`stag`) stored on the first visit. */
  affiliateTag: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\w.:~-]+$/, 'Letters, digits and . _ : ~ - only')
    .optional(),
  utm_source: param.optional(),
  utm_medium: param.optional(),
  utm_campaign: param.optional(),
  utm_term: param.optional(),
  utm_content: param.optional(),
  utm_id: param.optional(),
  gad_source: param.optional(),
  gclid: param.optional(),
  abGroup: z.enum(AB_GROUPS).optional(),
  funnelType: z.enum(FUNNEL_TYPES).optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** What the operator sees of a player's attribution (admin player profile). */
export const playerAttributionSchema = z.object({
  playerId: z.uuid(),
  affiliateTag: z.string().nullable(),
  utm: z.record(z.string(), z.string()).describe('The tracked marketing parameters given'),
  abGroup: z.enum(AB_GROUPS).nullable(),
  funnelType: z.enum(FUNNEL_TYPES).nullable(),
  registeredAt: z.iso.datetime(),
});
export type PlayerAttribution = z.infer<typeof playerAttributionSchema>;

/** Registration → first purchase, per affiliate tag and UTM source (report of issue 19). */
export const attributionFunnelSchema = z.object({
  data: z.array(
    z.object({
      /** Null: players who came without a tag / source. */
      affiliateTag: z.string().nullable(),
      utmSource: z.string().nullable(),
      registrations: z.number().int().nonnegative(),
      firstPurchases: z.number().int().nonnegative(),
      /** firstPurchases ÷ registrations, 0 when there were none. */
      conversion: z.number().min(0).max(1),
    }),
  ),
});
export type AttributionFunnel = z.infer<typeof attributionFunnelSchema>;

/** The affclick pixel (spec §7): where the site loads it from, with offer, goal and status. */
export const affiliatePixelSchema = z.object({
  url: z.string(),
  offer: z.string(),
  goal: z.string(),
  status: z.string(),
});
export type AffiliatePixel = z.infer<typeof affiliatePixelSchema>;

/** GET /affiliate-sandbox/pixel: what the affclick pixel carries (spec §7). */
export const affiliatePixelQuerySchema = z.object({
  offer: z.string().trim().min(1).max(64),
  goal: z.string().trim().min(1).max(64),
  status: z.string().trim().min(1).max(32),
  click: z.string().trim().min(1).max(128).optional(),
});
export type AffiliatePixelQuery = z.infer<typeof affiliatePixelQuerySchema>;

export const affiliatePixelHitsSchema = z.object({
  data: z.array(
    affiliatePixelQuerySchema.extend({
      click: z.string().nullable(),
      receivedAt: z.iso.datetime(),
    }),
  ),
});
export type AffiliatePixelHits = z.infer<typeof affiliatePixelHitsSchema>;

export const playerIdParamsSchema = z.object({ id: z.uuid() });
