import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { errorPagesSchema, pagesSchema, staticPagesSchema, faqSchema } from './content-pages.ts';
import { mainLayoutSchema, alertsSchema } from './content-layout.ts';
import { validationsSchema, fieldsSchema, popupsSchema } from './content-forms.ts';
import {
  bannersSchema,
  bundlesSchema,
  globalComponentsSchema,
  pageControlsSchema,
  appearanceSchema,
  loyaltySchema,
  questsSchema,
  promotionsSchema,
} from './content-marketing.ts';

/**
 * Content documents (spec §7 "Content queries"), one JSON file per locale each, kept in the
 * repo under apps/server/content/. Every document has a strict schema below (CONTENT_SCHEMAS)
 * that the server checks at start-up, so a typo in content never reaches a player.
 */
export const CONTENT_QUERIES = [
  'validations',
  'fields',
  'main-layout',
  'popups',
  'banners',
  'bundles',
  'alerts',
  'global-components',
  'page-controls',
  'appearance',
  'loyalty',
  'quests',
  'error-pages',
  'pages',
  'static-pages',
  'faq',
  'promotions',
] as const;
export type ContentQuery = (typeof CONTENT_QUERIES)[number];

export const contentNameSchema = z.enum(CONTENT_QUERIES);

export const contentManifestEntrySchema = z.object({
  /** Path to fetch, relative to /api/content/{locale}/ — "<query>.<hash>.json". */
  path: z.string(),
  hash: z.string(),
  /** Subresource-integrity value of the document bytes (sha384-…). */
  integrity: z.string(),
  /** Locale the document actually came from (the default locale when this one lacks it). */
  locale: z.enum(LOCALES),
});
export const contentManifestSchema = z.object({
  locale: z.enum(LOCALES),
  preview: z.boolean(),
  entries: z.record(z.string(), contentManifestEntrySchema),
});
export type ContentManifest = z.infer<typeof contentManifestSchema>;

/** The schema of every content document; the server refuses to start on a document that fails. */
export const CONTENT_SCHEMAS = {
  validations: validationsSchema,
  fields: fieldsSchema,
  'main-layout': mainLayoutSchema,
  popups: popupsSchema,
  banners: bannersSchema,
  bundles: bundlesSchema,
  alerts: alertsSchema,
  'global-components': globalComponentsSchema,
  'page-controls': pageControlsSchema,
  appearance: appearanceSchema,
  loyalty: loyaltySchema,
  quests: questsSchema,
  'error-pages': errorPagesSchema,
  pages: pagesSchema,
  'static-pages': staticPagesSchema,
  faq: faqSchema,
  promotions: promotionsSchema,
} as const satisfies Record<ContentQuery, z.ZodType>;
export type ContentDocument<Q extends ContentQuery> = z.infer<(typeof CONTENT_SCHEMAS)[Q]>;

export * from './content-base.ts';
export * from './content-pages.ts';
export * from './content-layout.ts';
export * from './content-forms.ts';
export * from './content-marketing.ts';
