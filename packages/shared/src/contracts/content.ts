import { z } from 'zod';
import { LOCALES } from '../locales.ts';

/**
 * Content documents (spec §7 "Content queries"), one JSON file per locale each, kept in the
 * repo under apps/server/content/. Names may contain "/" for collections (e.g. "static/terms").
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

const buttonSchema = z.object({ label: z.string(), url: z.string() });

export const ERROR_PAGE_CODES = ['404', '403', '500', 'blocked'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];
export const errorPageSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Extra line shown above the button (the Blocked page shows one). */
  label: z.string().optional(),
  button: buttonSchema,
  image: z.string(),
});
export const errorPagesSchema = z.record(z.enum(ERROR_PAGE_CODES), errorPageSchema);
export type ErrorPageContent = z.infer<typeof errorPageSchema>;

/** A safe block-structured body: no raw HTML ever reaches the page. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({ type: z.literal('link'), text: z.string(), url: z.string() }),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const contentPageSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  blocks: z.array(contentBlockSchema),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** "pages": the content-driven routes (home, contact, vip, loyalty, headers). */
export const pagesSchema = z.record(z.string(), contentPageSchema);
/** "static-pages": /static/{pageUrl} and catch-all slugs, keyed by pageUrl. */
export const staticPagesSchema = z.record(z.string(), contentPageSchema);

export const faqSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  categories: z.array(
    z.object({
      pageUrl: z.string(),
      title: z.string(),
      questions: z.array(z.object({ question: z.string(), answer: z.array(contentBlockSchema) })),
    }),
  ),
});
export type FaqContent = z.infer<typeof faqSchema>;

/** "main-layout": header and drawer navigation, footer links. */
export const navItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  url: z.string(),
  icon: z.string().optional(),
  loginRequired: z.boolean().optional(),
});
export const mainLayoutSchema = z.object({
  header: z.array(navItemSchema),
  drawer: z.array(z.object({ title: z.string().optional(), items: z.array(navItemSchema) })),
  footer: z.object({
    columns: z.array(z.object({ title: z.string(), items: z.array(navItemSchema) })),
    legal: z.string(),
  }),
});
export type MainLayoutContent = z.infer<typeof mainLayoutSchema>;
export type NavItem = z.infer<typeof navItemSchema>;

/** "alerts": title/description per alert key of spec §8; {sum}, {date} etc. are placeholders. */
export const ALERT_KEYS = [
  'bonusCodeIncorrect',
  'bonusCodeNotAvailable',
  'bonusIssued',
  'bonusActivated',
  'bonusPlayed',
  'bonusCanceled',
  'bonusExpired',
  'bonusLost',
  'freeSpinIssued',
  'freeSpinActivated',
  'freeSpinPlayed',
  'freeSpinCanceled',
  'freeSpinExpired',
  'accountRemoved',
  'successRegistration',
  'resentVerification',
  'somethingWrong',
  'depositSuccess',
  'depositError',
  'withdrawError',
  'winner',
] as const;
export type AlertKey = (typeof ALERT_KEYS)[number];
export const alertTextSchema = z.object({
  type: z.enum(['success', 'error', 'info', 'warning']),
  title: z.string(),
  description: z.string(),
  typeText: z.string().optional(),
  icon: z.string().optional(),
});
export const alertsSchema = z.record(z.enum(ALERT_KEYS), alertTextSchema);
export type AlertsContent = z.infer<typeof alertsSchema>;

/** Catch-all for documents whose shape the later issues refine. */
export const contentDocumentSchema = z.record(z.string(), z.unknown());
