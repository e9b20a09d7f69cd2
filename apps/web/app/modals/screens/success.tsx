import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { useRootData } from '../../lib/root-data.ts';
import { useAlerts } from '../../features/alerts/use-alerts.ts';
import { StatusNote } from '../../features/account/account-ui.tsx';
import {
  followConfirmEmailLinkOnce,
  type ConfirmEmailResult,
} from '../../features/account/confirm-email-link.ts';
import {
  confirmEmail,
  resendEmailConfirmation,
} from '../../features/account/email-confirmation.api.ts';
import { loginWithToken } from '../../lib/session/session.ts';
import { modalAfterLogin } from '../../features/session/use-login.ts';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  ModalOkAction,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SuccessMark,
} from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/**
 * Generic success message; callers may pass `title` and `description` props. With
 * `?source=confirm-email&code=…[&token=…]` (the link of the confirmation mail) it confirms the
 * email first and shows how that went.
 */
export default function SuccessModal() {
  const { entry, searchParams } = useModalEntry();
  const t = useMessages(modalMessages);
  if (searchParams.get('source') === 'confirm-email') return <ConfirmEmail />;
  return (
    <ModalFrame
      title={stringProp(entry, 'title') ?? t.successTitle}
      description={stringProp(entry, 'description') ?? t.successDescription}
    >
      <SuccessMark />
      <ModalOkAction />
    </ModalFrame>
  );
}

function ConfirmEmail() {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const { searchParams, close } = useModalEntry();
  const { isAuthenticated } = useRootData();
  const modals = useModals();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  // The link as it was opened: the token leaves the URL once used.
  const [link] = useState(() => ({
    code: searchParams.get('code') ?? '',
    token: searchParams.get('token') ?? undefined,
    isAuthenticated,
  }));
  const [result, setResult] = useState<ConfirmEmailResult>();
  const [resending, setResending] = useState(false);

  useEffect(() => {
    let current = true;
    void followConfirmEmailLinkOnce(link, { confirmEmail, loginWithToken }).then(async (answer) => {
      if (!current) return;
      if (link.token) {
        // A spent one-time token has no business in the address bar or the history. The
        // closing rule clears code and source, but token is not among them.
        const params = new URLSearchParams(location.search);
        params.delete('token');
        await navigate(
          { pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash },
          { replace: true, state: location.state as unknown, preventScrollReset: true },
        );
      }
      // The shell shows the player once the root data is reloaded.
      if (answer.loggedInAs) await revalidator.revalidate();
      if (current) setResult(answer);
    });
    return () => {
      current = false;
    };
    // Runs for the link it was opened with, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link]);

  const resend = async () => {
    setResending(true);
    const outcome = await resendEmailConfirmation();
    setResending(false);
    alerts.push(outcome.ok ? 'resentVerification' : 'somethingWrong');
  };

  const finish = () => {
    const next = result?.loggedInAs ? modalAfterLogin(result.loggedInAs, false, null) : undefined;
    if (next) modals.openKeyed(next);
    else close();
  };

  if (!result) {
    return (
      <ModalFrame title={t.successTitle} description={a.confirmEmailChecking}>
        <div aria-busy="true" className="flex justify-center py-4">
          <span
            aria-hidden="true"
            className="size-8 animate-spin rounded-full border-4 border-border-strong border-t-accent"
          />
        </div>
      </ModalFrame>
    );
  }

  if (result.confirmed) {
    return (
      <ModalFrame title={a.confirmEmailDoneTitle} description={a.confirmEmailDone}>
        {/* Shown once, in the description; the copy here is only announced (the modal's
            text changed under a screen reader that was told "Confirming…"). */}
        <SuccessMark />
        <div className="sr-only">
          <StatusNote tone="success">{a.confirmEmailDone}</StatusNote>
        </div>
        <ModalActions>
          <button type="button" className={PRIMARY_BUTTON} onClick={finish}>
            {t.ok}
          </button>
        </ModalActions>
      </ModalFrame>
    );
  }

  const loggedIn = isAuthenticated || result.loggedInAs !== undefined;
  return (
    <ModalFrame title={a.confirmEmailFailedTitle} description={a.confirmEmailFailed}>
      <p role="alert" className="rounded-lg bg-danger/15 px-3 py-2 text-sm text-danger">
        {loggedIn ? a.confirmEmailResendHint : a.confirmEmailSignInHint}
      </p>
      <ModalActions>
        <button type="button" className={SECONDARY_BUTTON} onClick={finish}>
          {t.close}
        </button>
        {loggedIn ? (
          <button
            type="button"
            className={PRIMARY_BUTTON}
            disabled={resending}
            aria-busy={resending || undefined}
            onClick={() => void resend()}
          >
            {resending ? t.formSending : a.confirmEmailResend}
          </button>
        ) : (
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => modals.openKeyed('sign-in')}
          >
            {a.signIn}
          </button>
        )}
      </ModalActions>
    </ModalFrame>
  );
}
