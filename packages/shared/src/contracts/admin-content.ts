import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { staffReasonSchema } from './admin.ts';
import { contentNameSchema } from './content.ts';
import { pagedListSchema, pageQuerySchema } from './player.ts';

/**
 * Content documents edited in the back office (decision 055): a draft per locale and query,
 * seen on the site through the preview link, published only when it passes its schema.
 */

export const adminContentParamsSchema = z.object({
  locale: z.enum(LOCALES),
  name: contentNameSchema,
});
export type AdminContentParams = z.infer<typeof adminContentParamsSchema>;

export const adminContentQuerySchema = pageQuerySchema.extend({
  locale: z.enum(LOCALES).optional(),
  /** Only the documents that have a draft waiting. */
  drafts: z.enum(['only']).optional(),
});
export type AdminContentQuery = z.infer<typeof adminContentQuerySchema>;

/** Where a document comes from: the repo's file, or an edit published from the back office. */
export const CONTENT_SOURCES = ['file', 'edited'] as const;

export const adminContentSummarySchema = z.object({
  locale: z.enum(LOCALES),
  name: contentNameSchema,
  /** Hash of the published document of this locale (null: the site falls back to English). */
  publishedHash: z.string().nullable(),
  source: z.enum(CONTENT_SOURCES),
  /** Hash of the draft waiting to be published; null when there is none. */
  draftHash: z.string().nullable(),
  draftUpdatedAt: z.iso.datetime().nullable(),
  draftUpdatedBy: z.string().nullable().describe('Email of the staff member who saved the draft'),
});
export type AdminContentSummary = z.infer<typeof adminContentSummarySchema>;
export const adminContentListSchema = pagedListSchema(adminContentSummarySchema);
export type AdminContentList = z.infer<typeof adminContentListSchema>;

export const adminContentDocumentSchema = adminContentSummarySchema.extend({
  published: z.unknown().nullable(),
  draft: z.unknown().nullable(),
  /** The site's page of this locale with the preview token; null when previews are off. */
  previewUrl: z.string().nullable(),
});
export type AdminContentDocument = z.infer<typeof adminContentDocumentSchema>;

export const adminContentDraftBodySchema = z.object({
  /** The whole document; checked against the query's schema, each failing field named. */
  document: z.unknown(),
  reason: staffReasonSchema.optional(),
});
export type AdminContentDraftBody = z.infer<typeof adminContentDraftBodySchema>;

export const adminContentPublishBodySchema = z.object({
  /** The draft the editor reviewed: a draft saved since then is not published (409). */
  draftHash: z.string().regex(/^[0-9a-f]{16}$/, 'Expected the 16 hex digits of the draft hash'),
  reason: staffReasonSchema.optional(),
});
export type AdminContentPublishBody = z.infer<typeof adminContentPublishBodySchema>;
