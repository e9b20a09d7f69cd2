import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-history';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileHistoryTitle);

export default function ProfileHistory() {
  const t = usePageText();
  return (
    <SimplePage
      title={t.profileHistoryTitle}
      empty={t.profileHistoryEmpty}
      icon="history"
      heading="h2"
    />
  );
}
