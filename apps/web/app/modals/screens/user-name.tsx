import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { TermsForm } from '../../features/account/terms-form.tsx';
import { useTermsAccepted } from '../../features/account/use-terms-accepted.ts';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';

/** For a player who has an email but has not agreed to the terms yet (spec §4). */
export default function UserNameModal() {
  const t = useMessages(modalMessages);
  const accepted = useTermsAccepted();
  return (
    <PlayerGate title={t.userNameTitle} description={t.userNameDescription}>
      {(profile) => (
        <ModalFrame title={t.userNameTitle} description={t.userNameDescription}>
          <TermsForm
            profile={profile}
            withNickname
            submitLabel={t.userNameSubmit}
            onAccepted={accepted}
          />
        </ModalFrame>
      )}
    </PlayerGate>
  );
}
