import { loyaltySchema } from '@coinfall/shared';
import { VipSection } from '../features/retention/components/vip-section';
import { findNamedPage } from '../shell/content-pages.server';
import { findContent } from '../shell/content.server';
import { pageMeta, titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import { ContentPageView } from '../ui/content-blocks';
import type { Route } from './+types/vip';
import { usePageText } from '../i18n/texts';

/** The programme's words (pages document), and the level names (loyalty document). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    page: findNamedPage(context, request, 'vip'),
    levelNames: findContent(context, request, 'loyalty', loyaltySchema)?.levels ?? {},
  };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.page
    ? titleMeta(loaderData.page.title, loaderData.page.description)
    : pageMeta(matches, (t) => t.vipTitle);

/** The VIP programme, what each VIP level gives, and the player's own benefits. */
export default function Vip({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  if (!loaderData.page) return <SimplePage title={t.vipTitle} empty={t.pageEmpty} icon="vip" />;
  return (
    <>
      <ContentPageView page={loaderData.page} />
      <div className="mx-auto mt-6 max-w-3xl">
        <VipSection levelNames={loaderData.levelNames} />
      </div>
    </>
  );
}
