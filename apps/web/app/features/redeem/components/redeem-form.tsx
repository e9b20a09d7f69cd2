import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { REDEEM_CURRENCY, type Redeemable } from '@coinfall/shared/contracts/redemption';
import type { CreateVirtualPayoutBody, PaymentMethod } from '@coinfall/shared/contracts/payment';
import { formatMessage, useLocale, useLocalizedPath } from '../../../i18n/i18n.tsx';
import type { RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { FormAlert, StatusNote, TextField } from '../../account/account-ui.tsx';
import {
  LINK_BUTTON,
  ModalActions,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SuccessMark,
} from '../../../ui/modal/modal-frame.tsx';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { useRedeemLimits } from '../api/redeem-limits';
import { PayoutError } from '../api/virtual-payout';
import { methodsFor, useWithdrawalMethods } from '../api/withdrawal-methods';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePayout } from '../hooks/use-payout';
import {
  amountProblem,
  formatSc,
  parseScAmount,
  PAYOUT_FAILURE_MESSAGE,
  refusalMessages,
  scInputValue,
  type VerificationStep,
} from '../redeem.fns';

/** How long typing must pause before the amount is checked with the server. */
const CHECK_DELAY_MS = 400;

interface RedeemFormProps {
  userId: string;
  redeemable: Redeemable;
  t: RedeemTexts;
  /** A 403 VERIFICATION_REQUIRED: the modal shows the checklist instead. */
  onVerificationRequired: (missing: VerificationStep[]) => void;
  onClose: () => void;
}

/** Amount, live limits check, payout method and submit; then the "held, pending review" state. */
export function RedeemForm({
  userId,
  redeemable,
  t,
  onVerificationRequired,
  onClose,
}: RedeemFormProps) {
  const locale = useLocale();
  const localize = useLocalizedPath();
  const modals = useModals();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const methods = useWithdrawalMethods();
  const scMethods = methodsFor(methods.data ?? [], REDEEM_CURRENCY);
  const [methodId, setMethodId] = useState<string>();
  const method = scMethods.find((m) => m.id === methodId) ?? scMethods[0];
  const { mutation, submit } = usePayout();

  const amount = parseScAmount(text);
  const problem = amountProblem(amount, redeemable);
  const checked = useDebouncedValue(problem === undefined ? amount : undefined, CHECK_DELAY_MS);
  const limits = useRedeemLimits(userId, checked);
  const sc = (minor: number) => formatSc(minor, locale);

  if (mutation.isSuccess)
    return (
      <div data-testid="redeem-held">
        <SuccessMark />
        <h3 className="text-center text-lg font-semibold text-text">{t.heldTitle}</h3>
        <p role="status" className="mt-2 text-center text-sm text-text-muted">
          {formatMessage(t.heldText, { amount: sc(mutation.data.amount) })}
        </p>
        <ModalActions>
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            {t.close}
          </button>
          <Link
            to={localize('/profile/history#redemptions')}
            className={`${PRIMARY_BUTTON} text-center`}
          >
            {t.viewHistory}
          </Link>
        </ModalActions>
      </div>
    );

  const failure = mutation.error instanceof PayoutError ? mutation.error.failure : undefined;
  const refusals =
    checked !== undefined && limits.data?.amount === checked ? limits.data : undefined;
  const needsW9 = failure?.kind === 'w9' || (refusals?.refusals.includes('w9_required') ?? false);
  const methodProblem =
    amount !== undefined && method && (amount < method.minAmount || amount > method.maxAmount);
  const amountError =
    touched && !problem && methodProblem
      ? formatMessage(t.withdrawMethodLimits, {
          min: sc(method.minAmount),
          max: sc(method.maxAmount),
        })
      : touched && problem
        ? formatMessage(
            {
              invalid: t.amountInvalid,
              belowMinimum: t.amountBelowMinimum,
              aboveRedeemable: t.amountAboveRedeemable,
            }[problem],
            { min: sc(redeemable.minAmount), max: sc(redeemable.redeemable) },
          )
        : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || methodProblem || amount === undefined || !method) return;
    send({ amount, currency: REDEEM_CURRENCY, paymentMethodId: method.id });
  };

  const send = (body: CreateVirtualPayoutBody) =>
    submit(body, (refused) => {
      if (refused.kind === 'verification') onVerificationRequired(refused.missing);
    });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
      <div>
        <TextField
          label={t.amountLabel}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(text !== '')}
          error={amountError}
          hint={formatMessage(t.amountHint, {
            min: sc(redeemable.minAmount),
            max: sc(redeemable.redeemable),
          })}
        />
        <div className="mt-2 flex flex-wrap gap-4">
          <button
            type="button"
            className={LINK_BUTTON}
            disabled={redeemable.redeemable <= 0}
            onClick={() => {
              setText(scInputValue(redeemable.redeemable));
              setTouched(true);
            }}
          >
            {t.redeemAll}
          </button>
          <button
            type="button"
            className={LINK_BUTTON}
            onClick={() =>
              modals.openKeyed('redeem-limits', {
                props: amount !== undefined ? { amount: String(amount) } : {},
              })
            }
          >
            {t.seeLimits}
          </button>
        </div>
      </div>

      <LimitsCheck
        active={checked !== undefined}
        pending={limits.isFetching || (problem === undefined && checked !== amount)}
        failed={limits.isError}
        refusals={refusals ? refusalMessages(refusals.refusals).map((key) => t[key]) : undefined}
        allowed={refusals?.allowed}
        t={t}
      />

      <MethodField
        methods={scMethods}
        loading={methods.isPending}
        failed={methods.isError}
        value={method?.id}
        onChange={setMethodId}
        t={t}
      />

      {failure?.kind === 'bonusesActive' && amount !== undefined && method ? (
        // The server refuses until the player agrees that the SC bonuses are forfeited.
        <div role="alert" className="rounded-lg bg-accent/10 px-3 py-2 text-sm text-accent-strong">
          <p>{formatMessage(t.errorBonusesActive, { count: failure.count })}</p>
          <button
            type="button"
            className={`${LINK_BUTTON} mt-1`}
            disabled={mutation.isPending}
            onClick={() =>
              send({
                amount,
                currency: REDEEM_CURRENCY,
                paymentMethodId: method.id,
                forfeitBonuses: true,
              })
            }
          >
            {t.forfeitAndRedeem}
          </button>
        </div>
      ) : failure && failure.kind !== 'verification' && failure.kind !== 'w9' ? (
        <FormAlert>{t[PAYOUT_FAILURE_MESSAGE[failure.kind]]}</FormAlert>
      ) : null}
      {needsW9 && (
        <div role="alert" className="rounded-lg bg-accent/10 px-3 py-2 text-sm text-accent-strong">
          <p>{t.errorW9}</p>
          <button
            type="button"
            className={`${LINK_BUTTON} mt-1`}
            onClick={() => modals.openKeyed('w9', { params: { backTo: 'redeem' } })}
          >
            {t.fillW9}
          </button>
        </div>
      )}

      <ModalActions>
        <button
          type="submit"
          className={PRIMARY_BUTTON}
          disabled={mutation.isPending || !method}
          aria-busy={mutation.isPending || undefined}
        >
          {mutation.isPending
            ? t.sending
            : formatMessage(t.submitRedeem, { amount: amount !== undefined ? sc(amount) : 'SC' })}
        </button>
      </ModalActions>
    </form>
  );
}

/** The polite live region of the server check: checking, allowed, or the refusals in words. */
function LimitsCheck({
  active,
  pending,
  failed,
  refusals,
  allowed,
  t,
}: {
  active: boolean;
  pending: boolean;
  failed: boolean;
  refusals: string[] | undefined;
  allowed: boolean | undefined;
  t: RedeemTexts;
}) {
  let body: ReactNode = null;
  if (!active) body = null;
  else if (pending) body = t.checking;
  else if (failed) body = t.checkFailed;
  else if (allowed) body = t.checkAllowed;
  else if (refusals && refusals.length > 0)
    body = (
      <ul className="list-disc pl-5 text-left">
        {refusals.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    );
  return (
    <div aria-live="polite" data-testid="redeem-check" className="text-sm text-text-muted">
      {body}
    </div>
  );
}

function MethodField({
  methods,
  loading,
  failed,
  value,
  onChange,
  t,
}: {
  methods: PaymentMethod[];
  loading: boolean;
  failed: boolean;
  value: string | undefined;
  onChange: (id: string) => void;
  t: RedeemTexts;
}) {
  if (loading) return <StatusNote>{t.loading}</StatusNote>;
  if (failed) return <FormAlert>{t.methodsFailed}</FormAlert>;
  if (methods.length === 0) return <FormAlert>{t.methodNone}</FormAlert>;
  return (
    <label className="text-sm font-medium text-text-muted">
      {t.methodLabel}
      <select
        name="method"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text focus:border-accent focus:outline-none"
      >
        {methods.map((method) => (
          <option key={method.id} value={method.id}>
            {method.name}
          </option>
        ))}
      </select>
    </label>
  );
}
