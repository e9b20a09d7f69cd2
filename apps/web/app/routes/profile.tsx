import { Outlet } from 'react-router';
import { pageMeta } from '../shell/page-meta';
import { TabNav } from '../shell/tab-nav';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/profile';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.profileTitle);

export default function Profile() {
  const t = usePageText();
  return (
    <>
      <PageHeader title={t.profileTitle} />
      <TabNav
        label={t.profileTabs}
        tabs={[
          { path: '/profile/info', text: t.profileInfoTitle },
          { path: '/profile/wallet', text: t.profileWalletTitle },
          { path: '/profile/bonuses', text: t.profileBonusesTitle },
          { path: '/profile/history', text: t.profileHistoryTitle },
          { path: '/profile/limits', text: t.profileLimitsTitle },
          { path: '/profile/security', text: t.profileSecurityTitle },
        ]}
      />
      <Outlet />
    </>
  );
}
