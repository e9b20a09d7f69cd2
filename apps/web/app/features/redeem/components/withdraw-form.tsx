import { useEffect, useState, type FormEvent } from 'react';
import type { Currency } from '@coinfall/shared/contracts/core';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { formatMessage, useLocale } from '../../../i18n/i18n.tsx';
import type { RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { FormAlert, StatusNote, TextField } from '../../account/account-ui.tsx';
import {
  ModalActions,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SuccessMark,
} from '../../../ui/modal/modal-frame.tsx';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { displayUnitOf, formatBalance } from '../../wallet/money.fns';
import { PayoutError } from '../api/virtual-payout';
import { methodsFor, useWithdrawalMethods } from '../api/withdrawal-methods';
import { usePayout } from '../hooks/use-payout';
import {
  errorModalCodeOf,
  parseMinorAmount,
  PAYOUT_FAILURE_MESSAGE,
  type VerificationStep,
} from '../redeem.fns';

const SELECT =
  'mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text focus:border-accent focus:outline-none';

interface WithdrawFormProps {
  accounts: WalletAccount[];
  currencies: Map<string, Currency>;
  t: RedeemTexts;
  onVerificationRequired: (missing: VerificationStep[]) => void;
  onClose: () => void;
}

/** A fiat or crypto withdrawal through POST …/virtual-payout; the funds are held for review. */
export function WithdrawForm({
  accounts,
  currencies,
  t,
  onVerificationRequired,
  onClose,
}: WithdrawFormProps) {
  const locale = useLocale();
  const modals = useModals();
  const methods = useWithdrawalMethods();
  const [accountId, setAccountId] = useState(accounts[0]?.id);
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const currency = account ? currencies.get(account.currency) : undefined;
  const unit = currency ? displayUnitOf(currency) : undefined;
  const options = account ? methodsFor(methods.data ?? [], account.currency) : [];
  const [methodId, setMethodId] = useState<string>();
  const method = options.find((m) => m.id === methodId) ?? options[0];
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const { mutation, submit } = usePayout();

  // Spec §8: the methods failing to load is an error modal with the server's code.
  const methodsError = methods.error;
  useEffect(() => {
    if (!methodsError) return;
    const code = methodsError instanceof ApiError ? errorModalCodeOf(methodsError) : undefined;
    onClose();
    modals.openKeyed('error', code ? { params: { code } } : {});
    // Once per failure: the modal closes itself, so this runs a single time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [methodsError]);

  const money = (minor: number) =>
    account ? formatBalance(minor, account.currency, currency, locale) : '';

  if (mutation.isSuccess)
    return (
      <div data-testid="withdraw-held">
        <SuccessMark />
        <h3 className="text-center text-lg font-semibold text-text">{t.withdrawHeldTitle}</h3>
        <p role="status" className="mt-2 text-center text-sm text-text-muted">
          {formatMessage(t.withdrawHeldText, { amount: money(mutation.data.amount) })}
        </p>
        <ModalActions>
          <button type="button" className={PRIMARY_BUTTON} onClick={onClose}>
            {t.close}
          </button>
        </ModalActions>
      </div>
    );

  if (!account || !unit)
    return (
      <>
        <p className="text-sm text-text-muted">{t.withdrawNoAccounts}</p>
        <ModalActions>
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
            {t.close}
          </button>
        </ModalActions>
      </>
    );

  const amount = parseMinorAmount(text, unit.divisor);
  let amountError: string | undefined;
  if (amount === undefined || amount <= 0)
    amountError = formatMessage(t.withdrawAmountInvalid, { unit: unit.code });
  else if (amount > account.balance)
    amountError = formatMessage(t.withdrawAmountTooHigh, { balance: money(account.balance) });
  else if (method && (amount < method.minAmount || amount > method.maxAmount))
    amountError = formatMessage(t.withdrawMethodLimits, {
      min: money(method.minAmount),
      max: money(method.maxAmount),
    });
  const failure = mutation.error instanceof PayoutError ? mutation.error.failure : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountError || amount === undefined || !method) return;
    submit({ amount, currency: account.currency, paymentMethodId: method.id }, (refused) => {
      if (refused.kind === 'verification') onVerificationRequired(refused.missing);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <label className="text-sm font-medium text-text-muted">
        {t.withdrawAccount}
        <select
          name="account"
          className={SELECT}
          value={account.id}
          onChange={(event) => {
            setAccountId(event.target.value);
            setMethodId(undefined);
          }}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {`${a.currency} — ${formatBalance(a.balance, a.currency, currencies.get(a.currency), locale)}`}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={formatMessage(t.withdrawAmount, { unit: unit.code })}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => setTouched(text !== '')}
        error={touched ? amountError : undefined}
        hint={formatMessage(t.withdrawAmountHint, { balance: money(account.balance) })}
      />
      {methods.isPending ? (
        <StatusNote>{t.loading}</StatusNote>
      ) : options.length === 0 ? (
        <FormAlert>{t.methodNone}</FormAlert>
      ) : (
        <label className="text-sm font-medium text-text-muted">
          {t.methodLabel}
          <select
            name="method"
            className={SELECT}
            value={method?.id}
            onChange={(event) => setMethodId(event.target.value)}
          >
            {options.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {failure && failure.kind !== 'verification' && (
        <FormAlert>{t[PAYOUT_FAILURE_MESSAGE[failure.kind]]}</FormAlert>
      )}
      <ModalActions>
        <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
          {t.close}
        </button>
        <button
          type="submit"
          className={PRIMARY_BUTTON}
          disabled={mutation.isPending || !method}
          aria-busy={mutation.isPending || undefined}
        >
          {mutation.isPending ? t.sending : t.withdrawSubmit}
        </button>
      </ModalActions>
    </form>
  );
}
