import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { ModalFrame } from '../modal-frame.tsx';

export default function VerifyPhoneModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  return (
    <ModalFrame title={t.verifyPhoneTitle} description={t.verifyPhoneDescription}>
      <AccountForm fields={[f.phone]} submitLabel={t.verifyPhoneSubmit} />
    </ModalFrame>
  );
}
