import { Outlet, redirect } from 'react-router';
import { DEFAULT_LOCALE, splitLocalePath } from '@coinfall/shared/locales';
import { ContentPageView } from '../ui/content-blocks';
import type { Route } from './+types/locale-prefix';
import { findStaticPage } from './content-pages.server';
import { shouldRevalidateIgnoringTracking } from './revalidation';
import { SLUG_PATTERN, notFound } from './route-validation';

/**
 * The `:locale` segment. The default locale has no prefix (/en/vip → 301 /vip) and an
 * unsupported one is a 404. Because `:locale` outranks the unprefixed catch-all, a first segment
 * without the locale shape also lands here (/terms, /some/path): that is the catch-all's job —
 * a single segment is a static-pages slug, anything else a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { prefix, rest, supported } = splitLocalePath(url.pathname);
  if (prefix === undefined) {
    const slug = url.pathname.replace(/^\/|\/$/g, '');
    const staticPage = SLUG_PATTERN.test(slug) ? findStaticPage(context, request, slug) : null;
    if (!staticPage) notFound(request);
    return { staticPage };
  }
  if (prefix === DEFAULT_LOCALE) throw redirect(`${rest}${url.search}`, 301);
  if (!supported) notFound(request);
  return { staticPage: null };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export default function LocalePrefix({ loaderData }: Route.ComponentProps) {
  return loaderData.staticPage ? <ContentPageView page={loaderData.staticPage} /> : <Outlet />;
}
