import { promotionsSchema } from '@coinfall/shared';
import { PromotionPage } from '../features/bonus/components/promotion-page';
import { findContent } from '../shell/content.server';
import { titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { notFound, validateRouteParams } from '../shell/route-validation';
import type { Route } from './+types/promotion';

/** A promotion of the content by its slug; any other slug is the 404 page. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  validateRouteParams(request, params, { slug: 'slug' });
  const promotions = findContent(context, request, 'promotions', promotionsSchema);
  const promotion = promotions?.items.find((p) => p.slug === params.slug);
  if (!promotion) notFound(request);
  return { promotion };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? titleMeta(loaderData.promotion.title, loaderData.promotion.summary) : [];

export default function Promotion({ loaderData }: Route.ComponentProps) {
  return <PromotionPage promotion={loaderData.promotion} />;
}
