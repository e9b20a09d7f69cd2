import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { ModalFrame } from '../modal-frame.tsx';

/** For a player without an email (social sign-up) who has not agreed to the terms (spec §4). */
export default function UserNameEmailModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  return (
    <ModalFrame title={t.userNameTitle} description={t.userNameEmailDescription}>
      <AccountForm
        fields={[f.firstName, f.lastName, f.email, f.agreements]}
        submitLabel={t.userNameSubmit}
      />
    </ModalFrame>
  );
}
