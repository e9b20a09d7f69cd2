import { useState } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { DEPOSIT_OPTIONS } from '../../features/payments/deposit.fns.ts';
import { ModalActions, ModalFrame, PRIMARY_BUTTON } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/** Chooses the currency and way to deposit with, then opens the deposit modal with it. */
export default function FiatModal() {
  const t = useMessages(paymentMessages);
  const modals = useModals();
  const [currency, setCurrency] = useState<string>(DEPOSIT_OPTIONS[0].currency);
  return (
    <ModalFrame title={t.fiatTitle} description={t.fiatDescription}>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t.depositCurrency}</legend>
        {DEPOSIT_OPTIONS.map((option) => (
          <label
            key={option.currency}
            className="flex items-center gap-3 rounded-xl border border-border-strong px-3 py-2 text-text has-checked:border-accent"
          >
            <input
              type="radio"
              name="fiat-currency"
              value={option.currency}
              checked={currency === option.currency}
              onChange={() => setCurrency(option.currency)}
              className="size-4 accent-accent"
            />
            {formatMessage(option.method === 'card' ? t.depositCardOption : t.depositCryptoOption, {
              currency: option.currency,
            })}
          </label>
        ))}
      </fieldset>
      <ModalActions>
        <button
          type="button"
          className={PRIMARY_BUTTON}
          onClick={() => {
            modals.close('fiat');
            modals.open('deposit', { currency });
          }}
        >
          {t.fiatContinue}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}
