import { useState } from 'react';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { useMessages } from '../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../i18n/messages/redeem.ts';
import { FormAlert, StatusNote } from '../../features/account/account-ui.tsx';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { verificationSummary } from '../../features/profile/verification.fns';
import { useRedeemable } from '../../features/redeem/api/redeemable';
import { RedeemForm } from '../../features/redeem/components/redeem-form';
import { RedeemableSummary } from '../../features/redeem/components/redeemable-summary';
import { VerificationChecklist } from '../../features/redeem/components/verification-checklist';
import type { VerificationStep } from '../../features/redeem/redeem.fns';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/**
 * Redeem Sweeps Coins (spec §6: login, a complete profile and full verification). A guest is
 * offered sign-in, an incomplete profile the profile modal (back to redeem), a player not fully
 * verified the checklist; then the balance, why part of it is locked, and the form.
 */
export default function RedeemModal() {
  const t = useMessages(redeemMessages);
  return (
    <PlayerGate title={t.redeemTitle} description={t.redeemDescription}>
      {(profile) => <RedeemForPlayer profile={profile} t={t} />}
    </PlayerGate>
  );
}

function RedeemForPlayer({ profile, t }: { profile: PlayerProfile; t: RedeemTexts }) {
  const { close } = useModalEntry();
  const modals = useModals();
  // A 403 VERIFICATION_REQUIRED names what the server still misses, even if the profile is stale.
  const [missing, setMissing] = useState<VerificationStep[]>();
  const redeemable = useRedeemable();
  const verified = verificationSummary(profile).full && !missing?.length;

  let body;
  if (!profile.isComplete)
    body = (
      <>
        <p className="text-sm text-text">{t.completeProfileFirst}</p>
        <ModalActions>
          <button type="button" className={SECONDARY_BUTTON} onClick={close}>
            {t.close}
          </button>
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => modals.openKeyed('profile', { params: { backTo: 'redeem' } })}
          >
            {t.completeProfile}
          </button>
        </ModalActions>
      </>
    );
  else if (!verified)
    body = (
      <VerificationChecklist profile={profile} missing={missing} intro={t.verifyFirst} t={t} />
    );
  else if (redeemable.data)
    body = (
      <>
        <RedeemableSummary data={redeemable.data} t={t} />
        <RedeemForm
          userId={profile.id}
          redeemable={redeemable.data}
          t={t}
          onVerificationRequired={setMissing}
          onClose={close}
        />
      </>
    );
  else if (redeemable.isError)
    body = (
      <>
        <FormAlert>{t.loadFailed}</FormAlert>
        <ModalActions>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => void redeemable.refetch()}
          >
            {t.retry}
          </button>
        </ModalActions>
      </>
    );
  else
    body = (
      <div aria-busy="true">
        <StatusNote>{t.loading}</StatusNote>
      </div>
    );

  return (
    <ModalFrame title={t.redeemTitle} description={t.redeemDescription}>
      {body}
    </ModalFrame>
  );
}
