import type { z } from 'zod';
import {
  splitLocalePath,
  type ContentQuery,
  type Locale,
  type SiteLoadContext,
} from '@coinfall/shared';
import { PREVIEW_COOKIE, parseCookies, serializeCookie } from '../lib/session/cookies';
import './load-context';

export interface PreviewState {
  /** A token that unlocks drafts, or undefined (invalid tokens are ignored, not errors). */
  token: string | undefined;
  /** Set-Cookie value when the token came in the query and should be remembered. */
  setCookie: string | undefined;
}

/** Spec §4: preview turns on with a token in the query or the content_preview cookie. */
export function previewFromRequest(request: Request, context: SiteLoadContext): PreviewState {
  const fromQuery = new URL(request.url).searchParams.get('preview') ?? undefined;
  if (fromQuery && context.services.content.isPreviewToken(fromQuery)) {
    return { token: fromQuery, setCookie: serializeCookie(PREVIEW_COOKIE, fromQuery) };
  }
  const fromCookie = parseCookies(request.headers.get('cookie'))[PREVIEW_COOKIE];
  return {
    token:
      fromCookie && context.services.content.isPreviewToken(fromCookie) ? fromCookie : undefined,
    setCookie: undefined,
  };
}

export function localeFromRequest(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale;
}

function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number')
    return error.status;
  if (
    error &&
    typeof error === 'object' &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
  )
    return error.statusCode;
  return undefined;
}

// Documents are addressed by content hash, so a parse result never goes stale; parsing the
// shell's documents on every request cost more than rendering the page.
const parsedDocuments = new Map<string, unknown>();

/**
 * A content document parsed with its shared schema; undefined when the document does not exist.
 * An invalid document throws: the editor must fix it, and the page shows the 500 page meanwhile.
 */
export function findContent<S extends z.ZodType>(
  context: SiteLoadContext,
  request: Request,
  name: ContentQuery,
  schema: S,
): z.infer<S> | undefined {
  const { token } = previewFromRequest(request, context);
  let resolved: ReturnType<SiteLoadContext['services']['content']['get']>;
  try {
    resolved = context.services.content.get(localeFromRequest(request), name, { preview: token });
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
  const key = `${name}:${resolved.hash}`;
  if (!parsedDocuments.has(key)) parsedDocuments.set(key, schema.parse(resolved.document));
  return parsedDocuments.get(key) as z.infer<S>;
}
