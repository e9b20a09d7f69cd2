import { findStaticPage } from '../shell/content-pages.server';
import { titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { notFound, validateRouteParams } from '../shell/route-validation';
import { ContentPageView } from '../ui/content-blocks';
import type { Route } from './+types/static-page';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  validateRouteParams(request, params, { pageUrl: 'slug' });
  const page = findStaticPage(context, request, params.pageUrl);
  if (!page) notFound(request);
  return { page };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? titleMeta(loaderData.page.title, loaderData.page.description) : [];

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
