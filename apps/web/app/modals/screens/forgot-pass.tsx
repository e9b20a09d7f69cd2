import { useState } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { StatusNote } from '../../features/account/account-ui.tsx';
import { requestPasswordReset } from '../../features/account/password-reset.api.ts';
import { AccountForm } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import {
  LINK_BUTTON,
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
} from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/**
 * POST /api/player/passwords/reset. The answer is the same whether the email is known or not
 * (accounts cannot be probed), so the sent state says "if an account exists".
 */
export default function ForgotPassModal() {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const f = useAccountFields();
  const modals = useModals();
  const [sentTo, setSentTo] = useState<string>();

  const backToSignIn = (
    <p className="text-center text-sm">
      <button type="button" className={LINK_BUTTON} onClick={() => modals.openKeyed('sign-in')}>
        {t.backToSignIn}
      </button>
    </p>
  );

  return (
    <ModalFrame title={t.forgotTitle} description={t.forgotDescription}>
      <StatusNote tone="success">
        {sentTo !== undefined && formatMessage(a.forgotSent, { email: sentTo })}
      </StatusNote>
      {sentTo === undefined ? (
        <AccountForm
          fields={[f.email]}
          submitLabel={t.forgotSubmit}
          onSubmit={async (values) => {
            const email = String(values.email).trim();
            const outcome = await requestPasswordReset({ email });
            if (outcome.ok) {
              setSentTo(email);
              return undefined;
            }
            const { failure } = outcome;
            if (failure.kind === 'throttled')
              return { formError: formatMessage(t.tooManyAttempts, { seconds: failure.seconds }) };
            if (failure.kind === 'fields' && failure.fields.email)
              return { fieldErrors: { email: failure.fields.email } };
            return { formError: t.formFailed };
          }}
          footer={backToSignIn}
        />
      ) : (
        <ModalActions>
          <button type="button" className={LINK_BUTTON} onClick={() => setSentTo(undefined)}>
            {a.forgotAgain}
          </button>
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => modals.openKeyed('sign-in')}
          >
            {t.backToSignIn}
          </button>
        </ModalActions>
      )}
    </ModalFrame>
  );
}
