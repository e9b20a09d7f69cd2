import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-index';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.profileTitle);

export default function ProfileOverview() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage title={t.profileTitle} empty={t.profileOverviewEmpty} icon="user" heading="h2" />
  );
}
