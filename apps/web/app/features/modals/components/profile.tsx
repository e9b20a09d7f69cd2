import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { ModalFrame } from '../modal-frame.tsx';

/** The fields a complete profile needs (spec §3), asked before buying or redeeming (spec §6). */
export default function ProfileModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  return (
    <ModalFrame title={t.profileTitle} description={t.profileDescription}>
      <AccountForm
        fields={[
          f.firstName,
          f.lastName,
          f.email,
          f.phone,
          f.birthdate,
          f.address,
          f.city,
          f.region,
          f.postalCode,
          f.country,
          f.agreements,
        ]}
        submitLabel={t.profileSubmit}
      />
    </ModalFrame>
  );
}
