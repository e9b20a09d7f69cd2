import { FavoritesPage } from '../features/games/components/player-games-page';
import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/favorites';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.favoritesTitle);

/** The player's favourite games (login required: the auth guard wraps it). */
export default function Favorites() {
  return <FavoritesPage title={usePageText().favoritesTitle} />;
}
