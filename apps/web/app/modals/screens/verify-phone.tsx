import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { FormAlert, StatusNote, TextField } from '../../features/account/account-ui.tsx';
import type { AccountFailure } from '../../features/account/api-failure.fns.ts';
import { sendOtp, verifyOtp } from '../../features/account/phone-verification.api.ts';
import {
  afterCodeSent,
  isCompleteOtp,
  normalizeOtpInput,
  phoneForInput,
  secondsUntil,
  type PhoneStep,
} from '../../features/account/phone-verification.fns.ts';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { fieldProblems, rulesForFields } from '../../ui/form/form-rules.fns.ts';
import {
  LINK_BUTTON,
  ModalActions,
  ModalFrame,
  ModalOkAction,
  PRIMARY_BUTTON,
  SuccessMark,
} from '../../ui/modal/modal-frame.tsx';

const REASON = 'phoneVerification';
const PHONE_RULES = rulesForFields([{ name: 'phone', required: true }]);

/**
 * Two steps (spec §7 otp/send and otp/verify): the number (the profile's, editable) gets a code;
 * the six digits confirm it and the answer, the updated profile, goes into the cache.
 */
export default function VerifyPhoneModal() {
  const t = useMessages(modalMessages);
  return (
    <PlayerGate title={t.verifyPhoneTitle} description={t.verifyPhoneDescription}>
      {(profile) => <VerifyPhone profile={profile} />}
    </PlayerGate>
  );
}

function VerifyPhone({ profile }: { profile: PlayerProfile }) {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const [step, setStep] = useState<PhoneStep>({ step: 'send' });
  const [phone, setPhone] = useState(() => phoneForInput(profile.phone));

  return (
    <ModalFrame title={t.verifyPhoneTitle} description={t.verifyPhoneDescription}>
      {step.step === 'send' && (
        <SendStep
          phone={phone}
          onPhoneChange={setPhone}
          verifiedPhone={profile.phoneConfirmed ? profile.phone : null}
          onSent={setStep}
        />
      )}
      {step.step === 'verify' && (
        <VerifyStep
          step={step}
          phone={phone}
          onResent={setStep}
          onChangeNumber={() => setStep({ step: 'send' })}
          onVerified={() => setStep({ step: 'done' })}
        />
      )}
      {step.step === 'done' && (
        <>
          <SuccessMark />
          <StatusNote tone="success">{a.phoneVerified}</StatusNote>
          <ModalOkAction />
        </>
      )}
    </ModalFrame>
  );
}

function useFailureText() {
  const t = useMessages(modalMessages);
  return (failure: AccountFailure) =>
    failure.kind === 'throttled'
      ? formatMessage(t.tooManyAttempts, { seconds: failure.seconds })
      : t.formFailed;
}

function SendStep({
  phone,
  onPhoneChange,
  verifiedPhone,
  onSent,
}: {
  phone: string;
  onPhoneChange: (phone: string) => void;
  verifiedPhone: string | null;
  onSent: (step: PhoneStep) => void;
}) {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const failureText = useFailureText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  const problem = fieldProblems({ phone }, PHONE_RULES, {
    required: t.checkRequired,
    phone: a.phoneCheckInvalid,
    NOT_A_NUMBER: a.phoneCheckInvalid,
    TOO_SHORT: a.phoneCheckShort,
    TOO_LONG: a.phoneCheckLong,
    INVALID_COUNTRY: a.phoneCheckCountry,
  }).phone;
  const shownError = serverError ?? (touched ? problem : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setTouched(true);
    setFormError(undefined);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    const outcome = await sendOtp({ reason: REASON, phone: phone.trim() });
    setPending(false);
    if (outcome.ok) {
      onSent(afterCodeSent(outcome.value, Date.now()));
      return;
    }
    const { failure } = outcome;
    if (failure.kind === 'fields' && failure.fields.phone) {
      setServerError(failure.fields.phone);
      inputRef.current?.focus();
    } else setFormError(failureText(failure));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {verifiedPhone && (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-text-muted">
          {formatMessage(a.phoneVerifiedAlready, { phone: verifiedPhone })}
        </p>
      )}
      <TextField
        inputRef={inputRef}
        label={t.fieldPhone}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        aria-required
        value={phone}
        hint={a.phoneHint}
        error={shownError}
        onChange={(e) => {
          onPhoneChange(e.target.value);
          setServerError(undefined);
        }}
        onBlur={() => setTouched(true)}
      />
      {formError && <FormAlert>{formError}</FormAlert>}
      <button
        type="submit"
        className={PRIMARY_BUTTON}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? t.formSending : a.phoneSend}
      </button>
    </form>
  );
}

/** Re-renders every second while a resend wait runs. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(at, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [left, now]);
  return left;
}

function VerifyStep({
  step,
  phone,
  onResent,
  onChangeNumber,
  onVerified,
}: {
  step: Extract<PhoneStep, { step: 'verify' }>;
  phone: string;
  onResent: (step: PhoneStep) => void;
  onChangeNumber: () => void;
  onVerified: () => void;
}) {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const failureText = useFailureText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState<'verify' | 'resend'>();
  const [resent, setResent] = useState(false);
  const wait = useSecondsUntil(step.resendAt);

  useEffect(() => {
    inputRef.current?.focus();
  }, [step]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(undefined);
    if (!isCompleteOtp(code)) {
      setCodeError(a.otpDigits);
      inputRef.current?.focus();
      return;
    }
    setPending('verify');
    const outcome = await verifyOtp({ reason: REASON, code });
    setPending(undefined);
    if (outcome.ok) {
      onVerified();
      return;
    }
    const { failure } = outcome;
    // A wrong or expired code: the contract names no code of its own, so any 400 means it.
    if (
      failure.kind === 'invalidCode' ||
      (failure.kind === 'fields' && failure.fields.code) ||
      (failure.kind === 'unknown' && failure.status === 400)
    ) {
      setCodeError(a.otpInvalid);
      inputRef.current?.focus();
    } else setFormError(failureText(failure));
  };

  const resend = async () => {
    setPending('resend');
    setFormError(undefined);
    setResent(false);
    const outcome = await sendOtp({ reason: REASON, phone: phone.trim() });
    setPending(undefined);
    if (outcome.ok) {
      setResent(true);
      setCode('');
      onResent(afterCodeSent(outcome.value, Date.now()));
    } else setFormError(failureText(outcome.failure));
  };

  return (
    <form noValidate onSubmit={(e) => void verify(e)} className="flex flex-col gap-4">
      <StatusNote>
        {formatMessage(a.phoneCodeSent, { phone: step.maskedPhone })}
        {resent ? ` ${a.otpResent}` : ''}
      </StatusNote>
      <TextField
        inputRef={inputRef}
        label={a.fieldOtpCode}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        aria-required
        value={code}
        error={codeError}
        onChange={(e) => {
          setCode(normalizeOtpInput(e.target.value));
          setCodeError(undefined);
        }}
      />
      {formError && <FormAlert>{formError}</FormAlert>}
      <button
        type="submit"
        className={PRIMARY_BUTTON}
        disabled={pending !== undefined}
        aria-busy={pending === 'verify' || undefined}
      >
        {pending === 'verify' ? t.formSending : a.otpVerify}
      </button>
      <ModalActions>
        <button type="button" className={LINK_BUTTON} onClick={onChangeNumber}>
          {a.phoneChange}
        </button>
        {wait > 0 ? (
          <p className="text-sm text-text-muted">
            {formatMessage(a.otpResendIn, { seconds: wait })}
          </p>
        ) : (
          <button
            type="button"
            className={LINK_BUTTON}
            disabled={pending !== undefined}
            aria-busy={pending === 'resend' || undefined}
            onClick={() => void resend()}
          >
            {a.otpResend}
          </button>
        )}
      </ModalActions>
    </form>
  );
}
