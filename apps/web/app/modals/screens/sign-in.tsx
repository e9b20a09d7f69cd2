import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { AccountForm } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import { LINK_BUTTON, ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';
import { login } from '../../lib/session/session.ts';
import { useSessionForm } from '../../features/session/use-login.ts';
import { StatusNote } from '../../features/account/account-ui.tsx';
import { SocialButtons } from '../../features/account/social-buttons.tsx';

const FIELD_NAMES = ['email', 'password'] as const;

export default function SignInModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  const modals = useModals();
  const { entry, searchParams } = useModalEntry();
  const finish = useSessionForm(false, FIELD_NAMES);
  // A note from the modal that opened this one (reset-pass: "your password has been changed").
  const notice = stringProp(entry, 'notice');
  return (
    <ModalFrame title={t.signInTitle} description={t.signInDescription}>
      {notice && (
        <div className="mb-4">
          <StatusNote tone="success">{notice}</StatusNote>
        </div>
      )}
      <AccountForm
        fields={[f.email, { ...f.password, autoComplete: 'current-password' }]}
        submitLabel={t.signInSubmit}
        onSubmit={async (values) =>
          finish(
            await login({ email: String(values.email).trim(), password: String(values.password) }),
          )
        }
        footer={
          <div className="flex flex-col items-center gap-2 text-sm text-text-muted">
            <button
              type="button"
              className={LINK_BUTTON}
              onClick={() => modals.openKeyed('forgot-pass')}
            >
              {t.signInForgot}
            </button>
            <p>
              {t.signInNoAccount}{' '}
              <button
                type="button"
                className={LINK_BUTTON}
                onClick={() => modals.openKeyed('sign-up')}
              >
                {t.createAccountLink}
              </button>
            </p>
          </div>
        }
      />
      <div className="mt-6">
        <SocialButtons backTo={searchParams.get('backTo') ?? undefined} />
      </div>
    </ModalFrame>
  );
}
