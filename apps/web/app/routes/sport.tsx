import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/sport';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.sportTitle);

export default function Sport() {
  const t = useMessages(pageMessages);
  return <SimplePage title={t.sportTitle} empty={t.sportEmpty} icon="sport" />;
}
