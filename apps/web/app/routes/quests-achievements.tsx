import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/quests-achievements';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.questsAchievementsTitle);

export default function QuestsAchievements() {
  const t = usePageText();
  return (
    <SimplePage
      title={t.questsAchievementsTitle}
      empty={t.questsAchievementsEmpty}
      icon="loyalty"
      heading="h2"
    />
  );
}
