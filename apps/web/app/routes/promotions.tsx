import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/promotions';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.promotionsTitle);

export default function Promotions() {
  const t = usePageText();
  return <SimplePage title={t.promotionsTitle} empty={t.promotionsEmpty} icon="promotions" />;
}
