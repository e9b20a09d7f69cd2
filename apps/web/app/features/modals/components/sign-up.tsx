import { useState } from 'react';
import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { useModalEntry } from '../modal-entry.ts';
import { LINK_BUTTON, ModalFrame } from '../modal-frame.tsx';
import { useModals } from '../use-modals.ts';
import { register } from '../../session/session.ts';
import { useSessionForm } from '../../session/use-login.ts';

const FIELD_NAMES = ['email', 'password', 'agreements', 'receiveEmailPromo'] as const;

export default function SignUpModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  const { close } = useModalEntry();
  const modals = useModals();
  const [dirty, setDirty] = useState(false);
  const finish = useSessionForm(true, FIELD_NAMES);
  return (
    <ModalFrame
      title={t.signUpTitle}
      description={t.signUpDescription}
      // A started registration is not thrown away without asking (registerCancel, spec §2).
      onDismiss={dirty ? () => modals.open('registerCancel', { onLeave: close }) : undefined}
    >
      <AccountForm
        fields={[
          f.email,
          { ...f.password, autoComplete: 'new-password' },
          f.agreements,
          f.receiveEmailPromo,
        ]}
        submitLabel={t.signUpSubmit}
        onSubmit={async (values) =>
          finish(
            await register({
              email: String(values.email).trim(),
              password: String(values.password),
              agreements: values.agreements === true,
              receiveEmailPromo: values.receiveEmailPromo === true,
            }),
          )
        }
        onDirtyChange={setDirty}
        footer={
          <p className="text-center text-sm text-zinc-400">
            {t.signUpHaveAccount}{' '}
            <button
              type="button"
              className={LINK_BUTTON}
              onClick={() => modals.openKeyed('sign-in')}
            >
              {t.signInSubmit}
            </button>
          </p>
        }
      />
    </ModalFrame>
  );
}
