import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-info';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileInfoTitle);

export default function ProfileInfo() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage title={t.profileInfoTitle} empty={t.profileInfoEmpty} icon="info" heading="h2" />
  );
}
