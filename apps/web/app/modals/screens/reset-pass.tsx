import { useState } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { FormAlert } from '../../features/account/account-ui.tsx';
import { confirmPasswordReset } from '../../features/account/password-reset.api.ts';
import { AccountForm } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { LINK_BUTTON, ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/**
 * Opened from the emailed link `?modal=reset-pass&resetCode=…`. POST
 * /api/player/passwords/confirm; a spent code says so and links to forgot-pass; success opens
 * sign-in with a note (every session ended with the reset, so the player signs in afresh).
 */
export default function ResetPassModal() {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const f = useAccountFields();
  const modals = useModals();
  const { searchParams } = useModalEntry();
  const code = searchParams.get('resetCode') ?? '';
  const [codeSpent, setCodeSpent] = useState(false);

  const requestNew = (
    <p className="text-center text-sm">
      <button type="button" className={LINK_BUTTON} onClick={() => modals.openKeyed('forgot-pass')}>
        {a.resetRequestNew}
      </button>
    </p>
  );

  if (!code || codeSpent) {
    return (
      <ModalFrame title={t.resetTitle} description={t.resetDescription}>
        <div className="flex flex-col gap-4">
          {codeSpent ? (
            <FormAlert>{a.resetInvalidCode}</FormAlert>
          ) : (
            <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-text-muted">
              {t.resetNeedsLink}
            </p>
          )}
          {requestNew}
        </div>
      </ModalFrame>
    );
  }

  return (
    <ModalFrame title={t.resetTitle} description={t.resetDescription}>
      <AccountForm
        fields={[f.newPassword, f.repeatNewPassword]}
        submitLabel={t.resetSubmit}
        onSubmit={async (values) => {
          const outcome = await confirmPasswordReset({
            code,
            password: String(values.newPassword),
            repeatPassword: String(values.repeatNewPassword),
          });
          if (outcome.ok) {
            modals.openKeyed('sign-in', { props: { notice: a.resetDone } });
            return undefined;
          }
          const { failure } = outcome;
          switch (failure.kind) {
            case 'invalidCode':
              setCodeSpent(true);
              return undefined;
            case 'throttled':
              return { formError: formatMessage(t.tooManyAttempts, { seconds: failure.seconds }) };
            case 'fields': {
              // The API names them password/repeatPassword; the form, newPassword/repeatNewPassword.
              const { password, repeatPassword } = failure.fields;
              const fieldErrors: Record<string, string> = {};
              if (password) fieldErrors.newPassword = password;
              if (repeatPassword) fieldErrors.repeatNewPassword = repeatPassword;
              return Object.keys(fieldErrors).length > 0
                ? { fieldErrors }
                : { formError: t.formFailed };
            }
            case 'accountRemoved':
            case 'socialSignupRequired':
            case 'unknown':
              return { formError: t.formFailed };
          }
        }}
        footer={requestNew}
      />
    </ModalFrame>
  );
}
