import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/recently-played';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.recentlyPlayedTitle);

export default function RecentlyPlayed() {
  const t = useMessages(pageMessages);
  return <SimplePage title={t.recentlyPlayedTitle} empty={t.recentlyPlayedEmpty} icon="recent" />;
}
