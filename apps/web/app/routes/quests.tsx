import { Outlet } from 'react-router';
import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { TabNav } from '../shell/tab-nav';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/quests';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.questsTitle);

export default function Quests() {
  const t = useMessages(pageMessages);
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
