import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-bonuses';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileBonusesTitle);

export default function ProfileBonuses() {
  const t = usePageText();
  return (
    <SimplePage
      title={t.profileBonusesTitle}
      empty={t.profileBonusesEmpty}
      icon="bonuses"
      heading="h2"
    />
  );
}
