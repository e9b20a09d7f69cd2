import { useMemo, useState } from 'react';
import type { FieldValidation } from '@coinfall/shared/contracts/player';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import type { SocialSignup } from '../../features/account/api-failure.fns.ts';
import { TextField } from '../../features/account/account-ui.tsx';
import { SocialButtons } from '../../features/account/social-buttons.tsx';
import { connectionLabel } from '../../features/account/social-login.fns.ts';
import { clearSocialSignup, readSocialSignup } from '../../features/account/social-storage.ts';
import { AccountForm, type FieldSpec } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { LINK_BUTTON, ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';
import { register, registerWithSocial } from '../../lib/session/session.ts';
import { useSessionForm } from '../../features/session/use-login.ts';
import { registrationAttribution } from '../../features/analytics/session-events.ts';
import { useRegistrationFields } from '../../features/account/registration-fields.api.ts';

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

/**
 * The configured registration fields (spec §3, decision 053) as the form's fields, in the
 * list's order, required as the list says. Stable per list: the form memoises their rules.
 */
function useSignUpFields(list: readonly FieldValidation[] | undefined): FieldSpec[] | undefined {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  return useMemo(() => {
    if (!list) return undefined;
    const kinds: Record<string, FieldSpec> = {
      email: f.email,
      password: { ...f.password, autoComplete: 'new-password' },
      agreements: f.agreements,
      receiveEmailPromo: f.receiveEmailPromo,
      nickname: {
        name: 'nickname',
        label: t.fieldNicknameOptional,
        type: 'text',
        autoComplete: 'nickname',
        required: false,
        hint: t.fieldNicknameHint,
        // The server also checks the characters and names the field when they do not fit.
        rules: [
          { rule: 'min', params: { min: 3 } },
          { rule: 'max', params: { max: 32 } },
        ],
      },
    };
    return list.flatMap(({ name, isRequired }) => {
      const kind = kinds[name];
      if (!kind) return [];
      const label = name === 'nickname' && isRequired ? t.fieldNickname : kind.label;
      return [{ ...kind, label, required: isRequired }];
    });
    // The texts change only with the locale; the list once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, t]);
}

function EmailSignUp() {
  const t = useMessages(modalMessages);
  const modals = useModals();
  const { searchParams } = useModalEntry();
  const guard = useDismissGuard();
  const fields = useSignUpFields(useRegistrationFields());
  const finish = useSessionForm(true, fields?.map((field) => field.name) ?? []);
  return (
    <ModalFrame title={t.signUpTitle} description={t.signUpDescription} onDismiss={guard.onDismiss}>
      {fields ? (
        <AccountForm
          fields={fields}
          submitLabel={t.signUpSubmit}
          onSubmit={async (values) => {
            const nickname = typeof values.nickname === 'string' ? values.nickname.trim() : '';
            return finish(
              await register({
                email: String(values.email).trim(),
                password: String(values.password),
                agreements: values.agreements === true,
                // Off when the list leaves the consent out: nothing was asked, nothing agreed.
                receiveEmailPromo: values.receiveEmailPromo === true,
                ...(nickname ? { nickname } : {}),
                attribution: registrationAttribution(),
              }),
            );
          }}
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
      ) : (
        <p role="status" className="py-8 text-center text-sm text-text-muted">
          {t.formLoading}
        </p>
      )}
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
  const finish = useSessionForm(true, SOCIAL_FIELD_NAMES, signup.connection);
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
            attribution: registrationAttribution(),
          });
          if (result.ok) clearSocialSignup();
          return finish(result);
        }}
        onDirtyChange={guard.setDirty}
      />
    </ModalFrame>
  );
}
