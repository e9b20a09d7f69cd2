import { useState } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import type { SocialSignup } from '../../features/account/api-failure.fns.ts';
import { TextField } from '../../features/account/account-ui.tsx';
import { SocialButtons } from '../../features/account/social-buttons.tsx';
import { connectionLabel } from '../../features/account/social-login.fns.ts';
import { clearSocialSignup, readSocialSignup } from '../../features/account/social-storage.ts';
import { AccountForm } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { LINK_BUTTON, ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';
import { register, registerWithSocial } from '../../lib/session/session.ts';
import { useSessionForm } from '../../features/session/use-login.ts';

const FIELD_NAMES = ['email', 'password', 'agreements', 'receiveEmailPromo'] as const;
const SOCIAL_FIELD_NAMES = ['agreements', 'receiveEmailPromo'] as const;

/**
 * Registration. `?source=social` (set by the social callback page after 409
 * SOCIAL_SIGNUP_REQUIRED) shows the social variant when this tab holds the pending sign-up;
 * without it (another tab, expired) the plain form shows.
 */
export default function SignUpModal() {
  const { searchParams } = useModalEntry();
  // Read once: the token leaves storage after use, and the form must not flip under the player.
  const [social] = useState(() =>
    searchParams.get('source') === 'social' ? readSocialSignup() : undefined,
  );
  return social ? <SocialSignUp signup={social} /> : <EmailSignUp />;
}

/** A started registration is not thrown away without asking (registerCancel, spec §2). */
function useDismissGuard(onLeave?: () => void) {
  const { close } = useModalEntry();
  const modals = useModals();
  const [dirty, setDirty] = useState(false);
  const leave = () => {
    onLeave?.();
    close();
  };
  return {
    setDirty,
    onDismiss: dirty ? () => modals.open('registerCancel', { onLeave: leave }) : undefined,
  };
}

function EmailSignUp() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  const modals = useModals();
  const { searchParams } = useModalEntry();
  const guard = useDismissGuard();
  const finish = useSessionForm(true, FIELD_NAMES);
  return (
    <ModalFrame title={t.signUpTitle} description={t.signUpDescription} onDismiss={guard.onDismiss}>
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
        onDirtyChange={guard.setDirty}
        footer={
          <p className="text-center text-sm text-text-muted">
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
      <div className="mt-6">
        <SocialButtons backTo={searchParams.get('backTo') ?? undefined} />
      </div>
    </ModalFrame>
  );
}

/** The identity is new: only the agreements and the promo choice are asked (spec §7). */
function SocialSignUp({ signup }: { signup: SocialSignup }) {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const f = useAccountFields();
  // Leaving abandons the sign-up: the single-use token goes with it.
  const guard = useDismissGuard(clearSocialSignup);
  const finish = useSessionForm(true, SOCIAL_FIELD_NAMES);
  const name = connectionLabel(signup.connection);
  return (
    <ModalFrame
      title={a.socialSignUpTitle}
      description={a.socialSignUpDescription}
      onDismiss={guard.onDismiss}
    >
      <div className="mb-4">
        {signup.email ? (
          <TextField
            label={formatMessage(a.socialSignUpEmail, { name })}
            type="email"
            value={signup.email}
            readOnly
          />
        ) : (
          <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-text-muted">
            {formatMessage(a.socialSignUpNoEmail, { name })}
          </p>
        )}
      </div>
      <AccountForm
        fields={[f.agreements, f.receiveEmailPromo]}
        submitLabel={t.signUpSubmit}
        onSubmit={async (values) => {
          const result = await registerWithSocial({
            registrationToken: signup.registrationToken,
            agreements: values.agreements === true,
            receiveEmailPromo: values.receiveEmailPromo === true,
          });
          if (result.ok) clearSocialSignup();
          return finish(result);
        }}
        onDirtyChange={guard.setDirty}
      />
    </ModalFrame>
  );
}
