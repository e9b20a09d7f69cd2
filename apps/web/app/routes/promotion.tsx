import { pageMeta } from '../shell/page-meta';
import { validateRouteParams } from '../shell/route-validation';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/promotion';
import { usePageText } from '../i18n/texts';

export async function loader({ request, params }: Route.LoaderArgs) {
  validateRouteParams(request, params, { slug: 'slug' });
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.promotionTitle);

export default function Promotion() {
  const t = usePageText();
  return <SimplePage title={t.promotionTitle} empty={t.promotionEmpty} icon="promotions" />;
}
