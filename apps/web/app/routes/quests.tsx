import { Outlet } from 'react-router';
import { pageMeta } from '../shell/page-meta';
import { TabNav } from '../shell/tab-nav';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/quests';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.questsTitle);

export default function Quests() {
  const t = usePageText();
  return (
    <>
      <PageHeader title={t.questsTitle} />
      <TabNav
        label={t.questsTabs}
        tabs={[
          { path: '/quests/list', text: t.questsListTitle },
          { path: '/quests/achievements', text: t.questsAchievementsTitle },
        ]}
      />
      <Outlet />
    </>
  );
}
