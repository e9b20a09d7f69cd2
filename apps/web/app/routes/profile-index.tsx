import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-index';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.profileTitle);

export default function ProfileOverview() {
  const t = usePageText();
  return (
    <SimplePage title={t.profileTitle} empty={t.profileOverviewEmpty} icon="user" heading="h2" />
  );
}
