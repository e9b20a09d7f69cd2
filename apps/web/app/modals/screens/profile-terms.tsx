import { useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { StatusNote } from '../../features/account/account-ui.tsx';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { TermsForm } from '../../features/account/terms-form.tsx';
import { ModalFrame, ModalOkAction, SuccessMark } from '../../ui/modal/modal-frame.tsx';

/**
 * The player's acceptance of the terms (agreedTc). Not yet accepted: the checkbox and PUT
 * agreedTc:true; the cached profile then flips this modal to the accepted state.
 */
export default function ProfileTermsModal() {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  return (
    <PlayerGate title={t.profileTermsTitle} description={t.profileTermsDescription}>
      {(profile) => (
        <ModalFrame title={t.profileTermsTitle} description={t.profileTermsDescription}>
          {profile.agreedTc ? (
            <>
              <SuccessMark />
              <StatusNote tone="success">{a.termsAccepted}</StatusNote>
              <ModalOkAction />
            </>
          ) : (
            <>
              <p className="mb-4 text-sm text-text-muted">{a.termsPrompt}</p>
              <TermsForm
                profile={profile}
                withNickname={false}
                submitLabel={a.termsAccept}
                onAccepted={() => undefined}
              />
            </>
          )}
        </ModalFrame>
      )}
    </PlayerGate>
  );
}
