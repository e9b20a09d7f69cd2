import { findNamedPage } from '../shell/content-pages.server';
import { pageMeta, titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import { ContentPageView } from '../ui/content-blocks';
import type { Route } from './+types/loyalty';
import { usePageText } from '../i18n/texts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: findNamedPage(context, request, 'loyalty') };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.page
    ? titleMeta(loaderData.page.title, loaderData.page.description)
    : pageMeta(matches, (t) => t.loyaltyTitle);

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  if (!loaderData.page)
    return <SimplePage title={t.loyaltyTitle} empty={t.pageEmpty} icon="loyalty" />;
  return <ContentPageView page={loaderData.page} />;
}
