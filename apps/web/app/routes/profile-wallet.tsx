import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/profile-wallet';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileWalletTitle);

export default function ProfileWallet() {
  const t = usePageText();
  return (
    <SimplePage
      title={t.profileWalletTitle}
      empty={t.profileWalletEmpty}
      icon="wallet"
      heading="h2"
    />
  );
}
