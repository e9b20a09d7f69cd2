import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/quests-achievements';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.questsAchievementsTitle);

export default function QuestsAchievements() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage
      title={t.questsAchievementsTitle}
      empty={t.questsAchievementsEmpty}
      icon="loyalty"
      heading="h2"
    />
  );
}
