import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-info';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileInfoTitle);

export default function ProfileInfo() {
  const t = usePageText();
  return (
    <SimplePage title={t.profileInfoTitle} empty={t.profileInfoEmpty} icon="info" heading="h2" />
  );
}
