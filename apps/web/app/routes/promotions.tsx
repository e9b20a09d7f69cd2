import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/promotions';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.promotionsTitle);

export default function Promotions() {
  const t = useMessages(pageMessages);
  return <SimplePage title={t.promotionsTitle} empty={t.promotionsEmpty} icon="promotions" />;
}
