import {
  faqSchema,
  pagesSchema,
  staticPagesSchema,
  type ContentPage,
  type FaqContent,
  type SiteLoadContext,
} from '@coinfall/shared';
import { findContent } from './content.server';

/** A page of the "pages" document (home, contact, vip, loyalty, headers); null when absent. */
export function findNamedPage(
  context: SiteLoadContext,
  request: Request,
  key: string,
): ContentPage | null {
  return findContent(context, request, 'pages', pagesSchema)?.[key] ?? null;
}

/** A "static-pages" entry by its pageUrl; null when absent. */
export function findStaticPage(
  context: SiteLoadContext,
  request: Request,
  pageUrl: string,
): ContentPage | null {
  const pages = findContent(context, request, 'static-pages', staticPagesSchema);
  return pages && Object.hasOwn(pages, pageUrl) ? (pages[pageUrl] ?? null) : null;
}

export function findFaq(context: SiteLoadContext, request: Request): FaqContent | null {
  return findContent(context, request, 'faq', faqSchema) ?? null;
}
