import { redirect } from 'react-router';
import { UNPREFIXED_PATHS, splitLocalePath } from '@coinfall/shared/locales';
import { findStaticPage } from '../shell/content-pages.server';
import { titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SLUG_PATTERN, notFound } from '../shell/route-validation';
import { ContentPageView } from '../ui/content-blocks';
import type { Route } from './+types/catch-all';

/**
 * /{slug...}: a single segment names a static-pages entry; anything else is a 404. Pages that
 * never take a prefix (/es/questions) go to their unprefixed address instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { prefix, rest } = splitLocalePath(url.pathname);
  if (prefix && UNPREFIXED_PATHS.some((re) => re.test(rest)))
    throw redirect(`${rest}${url.search}`, 301);
  const slug = rest.replace(/^\/|\/$/g, '');
  const page = SLUG_PATTERN.test(slug) ? findStaticPage(context, request, slug) : null;
  if (!page) notFound(request);
  return { page };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? titleMeta(loaderData.page.title, loaderData.page.description) : [];

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
