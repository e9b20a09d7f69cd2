import { RecentlyPlayedPage } from '../features/games/components/player-games-page';
import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/recently-played';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.recentlyPlayedTitle);

/** The games the player opened last (login required: the auth guard wraps it). */
export default function RecentlyPlayed() {
  return <RecentlyPlayedPage title={usePageText().recentlyPlayedTitle} />;
}
