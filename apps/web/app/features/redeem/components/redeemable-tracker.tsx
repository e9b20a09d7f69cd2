import { useMessages } from '../../../i18n/i18n.tsx';
import { redeemMessages } from '../../../i18n/messages/redeem.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { useRedeemable } from '../api/redeemable';
import { RedeemableSummary } from './redeemable-summary';
import { profileMessages } from '../../../i18n/messages/profile.ts';

/** /profile/wallet: the SC balance, what is redeemable, locked (with progress) and held. */
export function RedeemableTracker() {
  const t = useMessages(redeemMessages);
  // The wording these sections have always shown (the profile's load texts).
  const loadTexts = useMessages(profileMessages);
  const redeemable = useRedeemable();
  const modals = useModals();
  return (
    <PageSection
      id="wallet-redeemable"
      title={t.trackerTitle}
      description={t.trackerIntro}
      aside={
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => modals.openKeyed('redeem')}
        >
          {t.redeem}
        </button>
      }
    >
      <LoadState texts={loadTexts} query={redeemable} rows={2}>
        {(data) => <RedeemableSummary data={data} t={t} />}
      </LoadState>
    </PageSection>
  );
}
