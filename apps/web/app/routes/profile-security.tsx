import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-security';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileSecurityTitle);

export default function ProfileSecurity() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage
      title={t.profileSecurityTitle}
      empty={t.profileSecurityEmpty}
      icon="shield"
      heading="h2"
    />
  );
}
