import { useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { TextField } from '../../features/account/account-ui.tsx';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { TermsForm } from '../../features/account/terms-form.tsx';
import { useTermsAccepted } from '../../features/account/use-terms-accepted.ts';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';

/**
 * For a player without an email (an exotic social account) who has not agreed to the terms
 * (spec §4). The API never changes an email, so the field only shows what the account has and
 * says so; the rest is the user-name form.
 */
export default function UserNameEmailModal() {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const accepted = useTermsAccepted();
  return (
    <PlayerGate title={t.userNameTitle} description={t.userNameEmailDescription}>
      {(profile) => (
        <ModalFrame title={t.userNameTitle} description={t.userNameEmailDescription}>
          <div className="mb-4">
            {profile.email ? (
              <TextField
                label={t.fieldEmail}
                type="email"
                value={profile.email}
                readOnly
                hint={a.emailFromProvider}
              />
            ) : (
              <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-text-muted">
                {a.emailMissing}
              </p>
            )}
          </div>
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
