import { promotionsSchema } from '@coinfall/shared';
import { PromotionsList } from '../features/bonus/components/promotions-list';
import { findContent } from '../shell/content.server';
import { pageMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/promotions';
import { usePageText } from '../i18n/texts';

export function loader({ request, context }: Route.LoaderArgs) {
  return { content: findContent(context, request, 'promotions', promotionsSchema) ?? null };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.promotionsTitle);

/** The promotions of the content, and the daily bonus to claim. */
export default function Promotions({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  const { content } = loaderData;
  if (!content)
    return <SimplePage title={t.promotionsTitle} empty={t.promotionsEmpty} icon="promotions" />;
  return (
    <section>
      <PageHeader title={content.title} description={content.description} />
      <PromotionsList content={content} />
    </section>
  );
}
