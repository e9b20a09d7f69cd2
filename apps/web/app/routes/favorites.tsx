import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/favorites';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.favoritesTitle);

export default function Favorites() {
  const t = useMessages(pageMessages);
  return <SimplePage title={t.favoritesTitle} empty={t.favoritesEmpty} icon="favorites" />;
}
