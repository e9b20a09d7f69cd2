import { useState, type FormEvent, type ReactNode } from 'react';
import type { CashierSession } from '@coinfall/shared/contracts/payment';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { FormAlert, TextField } from '../../account/account-ui.tsx';
import { ModalActions, PRIMARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { CashierError, postDirectCashier } from '../api/direct-cashier.ts';
import {
  brandOf,
  formatCardNumber,
  formatExpiry,
  saveCardBody,
  validateCardForm,
  type CardField,
  type CardFieldError,
  type CardFormValues,
} from '../card-form.fns.ts';
import { brandName } from './saved-methods.tsx';

type Texts = Record<keyof (typeof paymentMessages)['en'], string>;

const ERROR_TEXT: Record<CardFieldError, keyof Texts> = {
  required: 'errorRequired',
  cardNumber: 'errorCardNumber',
  expiryFormat: 'errorExpiryFormat',
  expired: 'errorExpired',
  cvv: 'errorCvv',
  holderName: 'errorHolderName',
};

const EMPTY: CardFormValues = { number: '', expiry: '', cvv: '', holderName: '' };

/**
 * Card number (brand shown as typed, Luhn-checked by the shared rule), expiry, CVV and holder.
 * It posts to the provider's DirectCashier with the cashier token: card data never reaches our
 * API. `onSaved` gets the method id (the card on file when the same card was saved before).
 * Paying with a new card is one step: the checkout passes its Pay label and pays in `onSaved`.
 */
export function CardForm({
  cashier,
  onSaved,
  submitLabel,
  beforeSubmit,
  busy = false,
}: {
  cashier: CashierSession;
  onSaved: (methodId: string) => void | Promise<void>;
  /** The submit button's words (Save card by default; "Pay $9.99" in a checkout). */
  submitLabel?: { idle: string; busy: string };
  /** Shown above the submit button (the checkout's bonus code and problems). */
  beforeSubmit?: ReactNode;
  /** The caller is still working on what `onSaved` started (the payment). */
  busy?: boolean;
}) {
  const t = useMessages(paymentMessages);
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const errors = validateCardForm(values, new Date());
  const brand = brandOf(values.number);

  const errorOf = (field: CardField) => {
    const error = errors[field];
    return error && (submitted || touched[field]) ? t[ERROR_TEXT[error]] : undefined;
  };
  const set = (field: CardField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const blur = (field: CardField) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (Object.keys(errors).length > 0 || sending || busy) return;
    setSending(true);
    try {
      const saved = await postDirectCashier(cashier.baseUrl, saveCardBody(cashier.token, values));
      if (!saved) throw new CashierError(0, null);
      await onSaved(saved.methodId);
    } catch (error) {
      const expired = error instanceof CashierError && error.status === 401;
      setFailure(expired ? t.cardSessionExpired : t.cardSaveFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t.cardNumber}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.number}
        onChange={(event) => set('number')(formatCardNumber(event.target.value))}
        onBlur={blur('number')}
        error={errorOf('number')}
        hint={
          <span aria-live="polite" data-testid="card-brand">
            {brand ? formatMessage(t.cardBrandDetected, { brand: brandName(brand, t) }) : ''}
          </span>
        }
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t.cardExpiry}
          name="cardExpiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={values.expiry}
          onChange={(event) => set('expiry')(formatExpiry(event.target.value, values.expiry))}
          onBlur={blur('expiry')}
          error={errorOf('expiry')}
        />
        <TextField
          label={t.cardCvv}
          name="cardCvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={values.cvv}
          onChange={(event) => set('cvv')(event.target.value.replace(/\D/g, ''))}
          onBlur={blur('cvv')}
          error={errorOf('cvv')}
        />
      </div>
      <TextField
        label={t.cardHolder}
        name="cardHolder"
        autoComplete="cc-name"
        value={values.holderName}
        onChange={(event) => set('holderName')(event.target.value)}
        onBlur={blur('holderName')}
        error={errorOf('holderName')}
      />
      {beforeSubmit}
      {failure && <FormAlert>{failure}</FormAlert>}
      <ModalActions>
        <button
          type="submit"
          className={PRIMARY_BUTTON}
          disabled={sending || busy}
          aria-busy={sending || busy || undefined}
        >
          {sending || busy
            ? (submitLabel?.busy ?? t.savingCard)
            : (submitLabel?.idle ?? t.saveCard)}
        </button>
      </ModalActions>
    </form>
  );
}
