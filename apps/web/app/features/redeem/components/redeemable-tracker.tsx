import { useMessages } from '../../../i18n/i18n.tsx';
import { redeemMessages } from '../../../i18n/messages/redeem.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { LoadState, ProfileSection } from '../../profile/components/load-state.tsx';
import { useRedeemable } from '../api/redeemable';
import { RedeemableSummary } from './redeemable-summary';

/** /profile/wallet: the SC balance, what is redeemable, locked (with progress) and held. */
export function RedeemableTracker() {
  const t = useMessages(redeemMessages);
  const redeemable = useRedeemable();
  const modals = useModals();
  return (
    <ProfileSection
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
      <LoadState query={redeemable} rows={2}>
        {(data) => <RedeemableSummary data={data} t={t} />}
      </LoadState>
    </ProfileSection>
  );
}
