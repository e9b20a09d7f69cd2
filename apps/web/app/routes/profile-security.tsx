import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-security';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileSecurityTitle);

export default function ProfileSecurity() {
  const t = usePageText();
  return (
    <SimplePage
      title={t.profileSecurityTitle}
      empty={t.profileSecurityEmpty}
      icon="shield"
      heading="h2"
    />
  );
}
