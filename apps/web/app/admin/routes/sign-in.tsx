import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffChallenge } from '@coinfall/shared/contracts/admin';
import { ApiError } from '../../lib/api/api-error';
import { AccountForm, type SubmitProblems } from '../../ui/form/account-form';
import { adminMeta } from '../admin-meta';
import { ADMIN_RULE_TEXTS } from '../admin-texts';
import { forgetStaffData, sendPassword, sendSecondFactor } from '../api/staff-session';
import { EnrolmentPanel, RecoveryCodesPanel } from '../components/sign-in-panels';
import { safeNext, signInReasonText } from '../nav.fns';
import { secondFactorOf, signInProblemOf } from '../sign-in.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Sign in');

type Step =
  | { kind: 'password'; notice?: string }
  | { kind: 'code'; challenge: StaffChallenge; recovery: boolean }
  | { kind: 'codes'; recoveryCodes: string[] };

const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';

/**
 * Staff sign-in in the API's two steps: email and password, then a TOTP code (or a recovery
 * code). A first sign-in enrols the authenticator (QR code, or the key typed by hand) and ends on
 * the ten recovery codes, shown this once.
 */
export default function AdminSignIn() {
  const [params] = useUrlQuery();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // Whoever was signed in before, nothing of theirs stays in this tab's cache.
  useEffect(forgetStaffData, []);
  const reasonText = step.kind === 'password' ? signInReasonText(params.get('reason')) : undefined;

  const submitPassword = async (
    values: Record<string, unknown>,
  ): Promise<SubmitProblems | undefined> => {
    try {
      const challenge = await sendPassword({
        email: String(values.email),
        password: String(values.staffPassword),
      });
      setStep({ kind: 'code', challenge, recovery: false });
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) return { formError: UNREACHABLE };
      const problem = signInProblemOf(error, 'password');
      return { formError: problem.message, fieldErrors: problem.fields };
    }
  };

  const submitCode = async (
    challenge: StaffChallenge,
    recovery: boolean,
    typed: string,
  ): Promise<SubmitProblems | undefined> => {
    const factor = secondFactorOf(typed, recovery ? 'recovery' : 'totp');
    if (!factor)
      return {
        fieldErrors: {
          code: recovery
            ? 'A recovery code looks like abcde-12345.'
            : 'The six digits the app shows.',
        },
      };
    try {
      const signedIn = await sendSecondFactor({ challenge: challenge.challenge, ...factor });
      if (signedIn.recoveryCodes?.length)
        setStep({ kind: 'codes', recoveryCodes: signedIn.recoveryCodes });
      else void navigate(next, { replace: true });
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) return { formError: UNREACHABLE };
      const problem = signInProblemOf(error, 'code');
      if (problem.restart) {
        setStep({ kind: 'password', notice: problem.message });
        return undefined;
      }
      return { formError: problem.message };
    }
  };

  return (
    <main
      id="admin-main"
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10"
    >
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">
        Coinfall back office
      </p>
      {step.kind === 'password' && (
        <>
          <h1 className="mt-2 mb-6 text-2xl font-bold">Sign in</h1>
          {(step.notice ?? reasonText) && (
            <p role="status" className="mb-4 rounded-lg bg-surface-2 px-3 py-2 text-sm">
              {step.notice ?? reasonText}
            </p>
          )}
          <AccountForm
            fields={[
              {
                name: 'email',
                label: 'Email',
                type: 'email',
                autoComplete: 'username',
                required: true,
              },
              {
                name: 'staffPassword',
                label: 'Password',
                type: 'password',
                autoComplete: 'current-password',
                required: true,
              },
            ]}
            submitLabel="Continue"
            onSubmit={submitPassword}
            messages={ADMIN_RULE_TEXTS}
          />
        </>
      )}
      {step.kind === 'code' && (
        <>
          <h1 className="mt-2 mb-6 text-2xl font-bold">
            {step.challenge.enrolment ? 'Set up your authenticator' : 'Two-step verification'}
          </h1>
          {step.challenge.enrolment && <EnrolmentPanel enrolment={step.challenge.enrolment} />}
          <AccountForm
            key={step.recovery ? 'recovery' : 'totp'}
            fields={[
              step.recovery
                ? {
                    name: 'code',
                    label: 'Recovery code',
                    type: 'text',
                    autoComplete: 'off',
                    required: true,
                    hint: 'One of the ten codes you saved; each works once.',
                  }
                : {
                    name: 'code',
                    label: step.challenge.enrolment
                      ? 'The first code the app shows'
                      : 'Code from your authenticator app',
                    type: 'text',
                    inputMode: 'numeric',
                    autoComplete: 'one-time-code',
                    required: true,
                    hint: 'Six digits; a new one every 30 seconds.',
                  },
            ]}
            submitLabel="Sign in"
            onSubmit={(values) => submitCode(step.challenge, step.recovery, String(values.code))}
            messages={ADMIN_RULE_TEXTS}
          />
          <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {!step.challenge.enrolment && (
              <button
                type="button"
                className="font-semibold text-accent underline-offset-4 hover:underline"
                onClick={() => setStep({ ...step, recovery: !step.recovery })}
              >
                {step.recovery ? 'Use the authenticator code' : 'Use a recovery code instead'}
              </button>
            )}
            <button
              type="button"
              className="text-text-muted underline-offset-4 hover:underline"
              onClick={() => setStep({ kind: 'password' })}
            >
              Start again
            </button>
          </div>
        </>
      )}
      {step.kind === 'codes' && (
        <RecoveryCodesPanel
          codes={step.recoveryCodes}
          onSaved={() => void navigate(next, { replace: true })}
        />
      )}
    </main>
  );
}
