import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-wallet';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileWalletTitle);

export default function ProfileWallet() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage
      title={t.profileWalletTitle}
      empty={t.profileWalletEmpty}
      icon="wallet"
      heading="h2"
    />
  );
}
