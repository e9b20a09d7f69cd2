import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-limits';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileLimitsTitle);

export default function ProfileLimits() {
  const t = usePageText();
  return (
    <SimplePage
      title={t.profileLimitsTitle}
      empty={t.profileLimitsEmpty}
      icon="limits"
      heading="h2"
    />
  );
}
