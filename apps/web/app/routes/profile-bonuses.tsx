import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-bonuses';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileBonusesTitle);

export default function ProfileBonuses() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage
      title={t.profileBonusesTitle}
      empty={t.profileBonusesEmpty}
      icon="bonuses"
      heading="h2"
    />
  );
}
