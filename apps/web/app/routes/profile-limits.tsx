import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-limits';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileLimitsTitle);

export default function ProfileLimits() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage
      title={t.profileLimitsTitle}
      empty={t.profileLimitsEmpty}
      icon="limits"
      heading="h2"
    />
  );
}
