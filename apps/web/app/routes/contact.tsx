import { findNamedPage } from '../shell/content-pages.server';
import { pageMeta, titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import { ContentPageView } from '../ui/content-blocks';
import type { Route } from './+types/contact';
import { usePageText } from '../i18n/texts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: findNamedPage(context, request, 'contact') };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.page
    ? titleMeta(loaderData.page.title, loaderData.page.description)
    : pageMeta(matches, (t) => t.contactTitle);

export default function Contact({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  if (!loaderData.page)
    return <SimplePage title={t.contactTitle} empty={t.pageEmpty} icon="contact" />;
  return <ContentPageView page={loaderData.page} />;
}
