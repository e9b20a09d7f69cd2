import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/recently-played';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.recentlyPlayedTitle);

export default function RecentlyPlayed() {
  const t = usePageText();
  return <SimplePage title={t.recentlyPlayedTitle} empty={t.recentlyPlayedEmpty} icon="recent" />;
}
