import { useState } from 'react';
import type { CashierSession, PaymentMethod } from '@coinfall/shared/contracts/payment';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { LINK_BUTTON, SECONDARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { postDirectCashier } from '../api/direct-cashier.ts';
import { refreshPurchaseMethods } from '../api/purchase-methods.ts';
import { savedCardOf } from '../card-form.fns.ts';
import { savedMethodsOf } from '../saved-methods.fns.ts';
import { LiveStatus } from './payment-ui.tsx';

type Texts = Record<keyof (typeof paymentMessages)['en'], string>;

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

export function brandName(brand: string | undefined, t: Texts): string {
  return brand ? (BRAND_NAMES[brand] ?? brand) : t.cardUnknownBrand;
}

/** "Visa •••• 4242" for a saved method. */
export function cardLabel(method: PaymentMethod, t: Texts): string {
  const card = savedCardOf(method.fields);
  return formatMessage(t.savedCard, { brand: brandName(card.brand, t), last4: card.last4 ?? '' });
}

/**
 * The saved cards as a radio group (when `onSelect` is given) or a plain list, each with a
 * remove button that asks the provider directly (DirectCashier, action "remove").
 */
export function SavedMethods({
  methods,
  cashier,
  selected,
  onSelect,
  onAddCard,
  addLabel,
  legend,
}: {
  methods: PaymentMethod[];
  cashier: CashierSession;
  selected?: string;
  onSelect?: (id: string) => void;
  onAddCard: () => void;
  /** The add button's words (Add a card by default). */
  addLabel?: string;
  legend: string;
}) {
  const t = useMessages(paymentMessages);
  const [removing, setRemoving] = useState<string>();
  const [notice, setNotice] = useState<{ text: string; error: boolean }>({
    text: '',
    error: false,
  });
  const saved = savedMethodsOf(methods);

  const remove = async (method: PaymentMethod) => {
    const card = cardLabel(method, t);
    setRemoving(method.id);
    setNotice({ text: '', error: false });
    try {
      await postDirectCashier(cashier.baseUrl, {
        action: 'remove',
        token: cashier.token,
        methodId: method.id,
      });
      await refreshPurchaseMethods();
      setNotice({ text: formatMessage(t.removed, { card }), error: false });
    } catch {
      setNotice({ text: t.removeFailed, error: true });
    } finally {
      setRemoving(undefined);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-text-muted">{legend}</legend>
      {saved.length === 0 && <p className="text-sm text-text-muted">{t.methodsEmpty}</p>}
      <ul className="flex flex-col gap-2">
        {saved.map((method) => {
          const card = savedCardOf(method.fields);
          const label = cardLabel(method, t);
          const inputId = `method-${method.id}`;
          return (
            <li
              key={method.id}
              data-testid="saved-card"
              className="flex items-center justify-between gap-3 rounded-xl border border-border-strong px-3 py-2 has-checked:border-accent"
            >
              <label htmlFor={inputId} className="flex grow items-center gap-3 text-text">
                {onSelect && (
                  <input
                    id={inputId}
                    type="radio"
                    name="payment-method"
                    value={method.id}
                    checked={selected === method.id}
                    onChange={() => onSelect(method.id)}
                    className="size-4 accent-accent"
                  />
                )}
                <span className="font-medium">{label}</span>
                {card.expiry && (
                  <span className="text-xs text-text-muted">
                    {formatMessage(t.savedCardExpiry, { expiry: card.expiry })}
                  </span>
                )}
              </label>
              <button
                type="button"
                className={LINK_BUTTON}
                aria-label={formatMessage(t.removeCardLabel, { card: label })}
                disabled={removing !== undefined}
                aria-busy={removing === method.id || undefined}
                onClick={() => void remove(method)}
              >
                {t.removeCard}
              </button>
            </li>
          );
        })}
      </ul>
      <div>
        <button type="button" className={`${SECONDARY_BUTTON} mt-1`} onClick={onAddCard}>
          {addLabel ?? t.addCard}
        </button>
      </div>
      {notice.error ? (
        <p role="alert" className="text-sm text-danger">
          {notice.text}
        </p>
      ) : (
        <LiveStatus>{notice.text}</LiveStatus>
      )}
    </fieldset>
  );
}
