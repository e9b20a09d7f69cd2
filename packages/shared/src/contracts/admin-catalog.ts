import { z } from 'zod';
import { dbInstantSchema } from './core.ts';
import { pagedListSchema, pageQuerySchema } from './player.ts';
import { serialIdParamSchema } from './serial-id.ts';

/**
 * The back office's catalog and shop (issue 17, decision 043): games (on/off, lobby order,
 * collections), collections (name, order, countries) and coin bundles (price, coins, on sale,
 * order). The player site reads the same tables, so a change shows at its next request.
 */

export const adminCatalogIdParamsSchema = z.object({ id: serialIdParamSchema });

/** Why the change was made, kept in the audit (optional: nothing here moves money). */
const note = z.string().trim().max(500).optional();
const position = z.number().int().min(0).max(1_000_000);
const atLeastOne =
  (fields: readonly string[]) =>
  (body: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (fields.some((f) => body[f] !== undefined)) return;
    ctx.addIssue({
      code: 'custom',
      message: `Change one of ${fields.join(', ')}`,
      path: [fields[0]!],
    });
  };

// ---- Games ----

export const adminCatalogGameSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: z.string(),
  provider: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
  /** Collection identities the game is listed in. */
  collections: z.array(z.string()),
  /** ISO alpha-2 codes where the game may be seen and played; empty = everywhere. */
  countries: z.array(z.string()),
});
export type AdminCatalogGame = z.infer<typeof adminCatalogGameSchema>;
export const adminCatalogGameListSchema = pagedListSchema(adminCatalogGameSchema);
export type AdminCatalogGameList = z.infer<typeof adminCatalogGameListSchema>;

export const adminCatalogGameQuerySchema = pageQuerySchema.extend({
  /** A name or identity prefix, case-insensitive. */
  q: z.string().trim().min(1).max(100).optional(),
  enabled: z.enum(['0', '1']).optional(),
});
export type AdminCatalogGameQuery = z.infer<typeof adminCatalogGameQuerySchema>;

const GAME_FIELDS = ['enabled', 'position', 'collections', 'countries'] as const;
const countryList = z
  .array(z.string().regex(/^[A-Z]{2}$/, 'An ISO 3166 alpha-2 code, upper case'))
  .max(250);
export const adminCatalogGamePatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    position: position.optional(),
    /** The full set of collection identities (replaces the game's memberships). */
    collections: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
    /** Where the game may be seen and played (the lobby, its page, the launch); [] = everywhere. */
    countries: countryList.optional(),
    reason: note,
  })
  .superRefine(atLeastOne(GAME_FIELDS));
export type AdminCatalogGamePatch = z.infer<typeof adminCatalogGamePatchSchema>;

// ---- Collections ----

export const adminCollectionSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: z.string(),
  /** ISO alpha-2 codes where the collection may be browsed; empty = everywhere. */
  countries: z.array(z.string()),
  position: z.number().int(),
  games: z.number().int().describe('Games listed in it, enabled or not'),
});
export type AdminCollection = z.infer<typeof adminCollectionSchema>;
export const adminCollectionListSchema = z.object({ data: z.array(adminCollectionSchema) });
export type AdminCollectionList = z.infer<typeof adminCollectionListSchema>;

const COLLECTION_FIELDS = ['name', 'countries', 'position'] as const;
export const adminCollectionPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    countries: countryList.optional(),
    position: position.optional(),
    reason: note,
  })
  .superRefine(atLeastOne(COLLECTION_FIELDS));
export type AdminCollectionPatch = z.infer<typeof adminCollectionPatchSchema>;

// ---- Coin bundles ----

export const adminBundleSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  priceAmount: z.number().int().describe('Minor units of priceCurrency'),
  priceCurrency: z.string(),
  goldCoins: z.number().int().describe('Minor units of GC'),
  sweepsCoins: z.number().int().describe('Minor units of SC, given free with the bundle'),
  active: z.boolean().describe('Switched on: on sale in the shop while inside its window'),
  position: z.number().int(),
  badge: z.string().nullable(),
  startsAt: z.iso.datetime().nullable().describe('Not on sale before (null: no start)'),
  endsAt: z.iso.datetime().nullable().describe('Not on sale from then on (null: no end)'),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;
export const adminBundleListSchema = z.object({ data: z.array(adminBundleSchema) });
export type AdminBundleList = z.infer<typeof adminBundleListSchema>;

const amount = z.number().int().max(1_000_000_000_00);
const BUNDLE_FIELDS = [
  'priceAmount',
  'goldCoins',
  'sweepsCoins',
  'active',
  'position',
  'startsAt',
  'endsAt',
] as const;
const instant = dbInstantSchema.nullable().optional();
export const adminBundlePatchSchema = z
  .object({
    priceAmount: amount.min(1, 'More than zero').optional(),
    goldCoins: amount.min(1, 'More than zero').optional(),
    sweepsCoins: amount.min(0).optional(),
    active: z.boolean().optional(),
    position: position.optional(),
    startsAt: instant,
    endsAt: instant,
    reason: note,
  })
  .superRefine(atLeastOne(BUNDLE_FIELDS))
  .superRefine((body, ctx) => {
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'After the start' });
  });
export type AdminBundlePatch = z.infer<typeof adminBundlePatchSchema>;
