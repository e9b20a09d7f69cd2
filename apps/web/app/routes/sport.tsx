import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/sport';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.sportTitle);

export default function Sport() {
  const t = usePageText();
  return <SimplePage title={t.sportTitle} empty={t.sportEmpty} icon="empty" />;
}
