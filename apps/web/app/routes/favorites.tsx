import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/favorites';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.favoritesTitle);

export default function Favorites() {
  const t = usePageText();
  return <SimplePage title={t.favoritesTitle} empty={t.favoritesEmpty} icon="favorites" />;
}
