import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { LINK_BUTTON, ModalFrame } from '../modal-frame.tsx';
import { useModals } from '../use-modals.ts';

export default function ForgotPassModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  const modals = useModals();
  return (
    <ModalFrame title={t.forgotTitle} description={t.forgotDescription}>
      <AccountForm
        fields={[f.email]}
        submitLabel={t.forgotSubmit}
        footer={
          <p className="text-center text-sm">
            <button
              type="button"
              className={LINK_BUTTON}
              onClick={() => modals.openKeyed('sign-in')}
            >
              {t.backToSignIn}
            </button>
          </p>
        }
      />
    </ModalFrame>
  );
}
