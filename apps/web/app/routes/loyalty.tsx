import { loyaltySchema } from '@coinfall/shared';
import { LoyaltyPage } from '../features/retention/components/loyalty-page';
import { findContent } from '../shell/content.server';
import { pageMeta, titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/loyalty';
import { usePageText } from '../i18n/texts';

/** The loyalty document names the levels and says how the programme works. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { content: findContent(context, request, 'loyalty', loyaltySchema) ?? null };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.content
    ? titleMeta(loaderData.content.title, loaderData.content.description)
    : pageMeta(matches, (t) => t.loyaltyTitle);

/** The ladder for everyone; the player's position for a player (spec §6). */
export default function Loyalty({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  if (!loaderData.content)
    return <SimplePage title={t.loyaltyTitle} empty={t.pageEmpty} icon="loyalty" />;
  return <LoyaltyPage content={loaderData.content} />;
}
