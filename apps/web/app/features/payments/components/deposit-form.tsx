import { useCallback, useState, type FormEvent } from 'react';
import type { Invoice, PaymentMethodList } from '@coinfall/shared/contracts/payment';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { TextField } from '../../account/account-ui.tsx';
import { useAlerts } from '../../alerts/use-alerts.ts';
import { claimInvoiceAlert } from '../../realtime/invoice-alerts.ts';
import { FlowProblem } from './purchase-checkout.tsx';
import { ModalActions, PRIMARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { displayUnitOf } from '../../wallet/money.fns.ts';
import { createDepositInvoice } from '../api/deposit-invoice.ts';
import {
  DEPOSIT_OPTIONS,
  depositMethodId,
  depositOptionOf,
  parseDepositAmount,
} from '../deposit.fns.ts';
import { useCurrencyIndex, useFormatAmount } from '../../wallet/use-format-amount.ts';
import { usePaymentFlow } from '../hooks/use-payment-flow.ts';
import { intentSignature } from '../payment-intent.fns.ts';
import { DeclinedView, InvoiceProgress } from './invoice-progress.tsx';
import { LiveStatus } from './payment-ui.tsx';
import { pickSavedMethod, savedMethodsOf } from '../saved-methods.fns.ts';
import { SavedMethods } from './saved-methods.tsx';

/**
 * Deposit: amount and currency (USD by card, BTC/ETH by crypto) → POST
 * /api/payment/invoices/deposit; a card deposit may need the bank's 3-D Secure step, a crypto one
 * shows its address and confirmations. The outcome is also an alert with sum and date (spec §8).
 */
export function DepositForm({
  methods,
  initialCurrency,
  justAddedMethodId,
  onAddCard,
  onDone,
}: {
  methods: PaymentMethodList;
  initialCurrency: string | undefined;
  /** The card the card-info modal just saved, selected unless the player picks another. */
  justAddedMethodId: string | undefined;
  onAddCard: () => void;
  onDone: () => void;
}) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const alerts = useAlerts();
  const currencies = useCurrencyIndex();
  const format = useFormatAmount();
  const [option, setOption] = useState(() => depositOptionOf(initialCurrency));
  const [amountText, setAmountText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const saved = savedMethodsOf(methods.data);
  const [selected, setSelected] = useState<string>();
  const savedCardId = pickSavedMethod(saved, selected, justAddedMethodId);

  const onSettled = useCallback(
    (invoice: Invoice) => {
      if (!claimInvoiceAlert(invoice.id, invoice.status)) return; // a push may have told it first
      const success = invoice.status === 2;
      const when = new Date(invoice.processedAt ?? invoice.updatedAt);
      alerts.push(success ? 'depositSuccess' : 'depositError', {
        sum: format(invoice.amount, invoice.currency),
        date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          when,
        ),
        url: '/payments',
      });
    },
    [alerts, format, locale],
  );
  const flow = usePaymentFlow(onSettled);

  const currency = currencies.get(option.currency);
  const unit = currency ? displayUnitOf(currency) : { code: option.currency, divisor: 1 };
  const amount = currency ? parseDepositAmount(amountText, currency) : undefined;
  const methodId = depositMethodId(option, methods.data, savedCardId);
  const method = methods.data.find((m) => m.id === methodId);
  const outOfRange =
    amount !== undefined &&
    method !== undefined &&
    (amount < method.minAmount || amount > method.maxAmount);
  const amountError = !submitted
    ? undefined
    : amount === undefined
      ? t.depositAmountInvalid
      : outOfRange && method
        ? formatMessage(t.depositAmountRange, {
            min: format(method.minAmount, option.currency),
            max: format(method.maxAmount, option.currency),
          })
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amount === undefined || outOfRange || !methodId) return;
    void flow.send(intentSignature('deposit', amount, option.currency, methodId), (key) =>
      createDepositInvoice(
        { amount, currency: option.currency, paymentMethodId: methodId },
        key('deposit'),
      ),
    );
  };

  if (flow.step.kind === 'declined')
    return <DeclinedView reason={flow.step.reason} onTryAnother={flow.restart} />;
  if (flow.invoice)
    return (
      <InvoiceProgress
        invoice={flow.invoice}
        successText={formatMessage(t.depositSuccess, {
          amount: format(flow.invoice.amount, flow.invoice.currency),
        })}
        onPollNow={flow.pollNow}
        onTryAnother={flow.restart}
        onDone={onDone}
      />
    );

  const sending = flow.step.kind === 'sending';
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text-muted">{t.depositCurrency}</legend>
        <div className="flex flex-wrap gap-2">
          {DEPOSIT_OPTIONS.map((o) => (
            <label
              key={o.currency}
              className="flex items-center gap-2 rounded-xl border border-border-strong px-3 py-2 text-text has-checked:border-accent"
            >
              <input
                type="radio"
                name="deposit-currency"
                value={o.currency}
                checked={option.currency === o.currency}
                onChange={() => setOption(o)}
                className="size-4 accent-accent"
              />
              {formatMessage(o.method === 'card' ? t.depositCardOption : t.depositCryptoOption, {
                currency: o.currency,
              })}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={`${t.depositAmount} (${unit.code})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        error={amountError}
      />
      {option.method === 'card' && (
        <SavedMethods
          methods={methods.data}
          cashier={methods.cashier}
          selected={savedCardId}
          onSelect={setSelected}
          onAddCard={onAddCard}
          legend={t.methodsLegend}
        />
      )}
      <FlowProblem step={flow.step} t={t} />
      <LiveStatus>{sending ? t.depositing : ''}</LiveStatus>
      <ModalActions>
        <button
          type="submit"
          className={PRIMARY_BUTTON}
          disabled={sending || !methodId}
          aria-busy={sending || undefined}
        >
          {sending ? t.depositing : t.depositSubmit}
        </button>
      </ModalActions>
    </form>
  );
}
