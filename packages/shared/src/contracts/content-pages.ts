import { z } from 'zod';
import {
  contentTextSchema,
  contentUrlSchema,
  contentImageSchema,
  slugSchema,
  withKeys,
  buttonSchema,
} from './content-base.ts';

// ---------------------------------------------------------------------------------------------
// error-pages (spec §2 "Error page")

export const ERROR_PAGE_CODES = ['404', '403', '500', 'blocked'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];
export const errorPageSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema,
  /** Extra line shown above the button (the Blocked page shows one). */
  label: contentTextSchema.optional(),
  button: buttonSchema,
  image: contentImageSchema,
});
export const errorPagesSchema = z.record(z.enum(ERROR_PAGE_CODES), errorPageSchema);
export type ErrorPageContent = z.infer<typeof errorPageSchema>;

// ---------------------------------------------------------------------------------------------
// pages, static-pages, faq: block-structured bodies

/** A safe block-structured body: no raw HTML ever reaches the page. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('heading'), text: contentTextSchema }),
  z.strictObject({ type: z.literal('paragraph'), text: contentTextSchema }),
  z.strictObject({ type: z.literal('list'), items: z.array(contentTextSchema).min(1) }),
  z.strictObject({ type: z.literal('link'), text: contentTextSchema, url: contentUrlSchema }),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const contentPageSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema.optional(),
  blocks: z.array(contentBlockSchema).min(1),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const PAGE_KEYS = ['home', 'contact', 'vip', 'loyalty', 'headers'] as const;
export const STATIC_PAGE_KEYS = [
  'terms',
  'privacy',
  'sweepstakes-rules',
  'responsible-gaming',
  'about',
] as const;

/** "pages": the content-driven routes (home, contact, vip, loyalty, headers). */
export const pagesSchema = withKeys(z.record(slugSchema, contentPageSchema), PAGE_KEYS);
/** "static-pages": /static/{pageUrl} and catch-all slugs, keyed by pageUrl. */
export const staticPagesSchema = withKeys(
  z.record(slugSchema, contentPageSchema),
  STATIC_PAGE_KEYS,
);

export const faqSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema.optional(),
  categories: z
    .array(
      z.strictObject({
        pageUrl: slugSchema,
        title: contentTextSchema,
        questions: z
          .array(
            z.strictObject({
              question: contentTextSchema,
              answer: z.array(contentBlockSchema).min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .refine(
      (cs) => new Set(cs.map((c) => c.pageUrl)).size === cs.length,
      'Two categories share a pageUrl',
    ),
});
export type FaqContent = z.infer<typeof faqSchema>;
