import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { ModalFrame } from '../modal-frame.tsx';

/** For a player who has an email but has not agreed to the terms yet (spec §4). */
export default function UserNameModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  return (
    <ModalFrame title={t.userNameTitle} description={t.userNameDescription}>
      <AccountForm
        fields={[f.firstName, f.lastName, f.agreements]}
        submitLabel={t.userNameSubmit}
      />
    </ModalFrame>
  );
}
