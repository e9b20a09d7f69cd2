import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/profile-wallet';
import { usePageText } from '../i18n/texts';
import { AccountsSection } from '../features/wallet/components/accounts-section';
import { RedeemableTracker } from '../features/redeem/components/redeemable-tracker';
import { AmoeSection } from '../features/amoe/components/amoe-section';
import { PlaceStandingSection } from '../features/wallet/components/place-standing-section';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileWalletTitle);

export default function ProfileWallet() {
  const t = usePageText();
  return (
    <section>
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.profileWalletTitle}</h2>
      <PlaceStandingSection />
      <AccountsSection />
      <RedeemableTracker />
      <AmoeSection />
    </section>
  );
}
