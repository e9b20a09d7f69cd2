import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-history';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileHistoryTitle);

export default function ProfileHistory() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage
      title={t.profileHistoryTitle}
      empty={t.profileHistoryEmpty}
      icon="history"
      heading="h2"
    />
  );
}
