import { useState } from 'react';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { SECONDARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { invoiceStatusName } from '../invoice-status.fns.ts';
import { confirmationProgress } from '../invoice-watch.fns.ts';
import { LiveStatus } from './payment-ui.tsx';

/** A crypto deposit: the address (with copy), the network and the k-of-N confirmations. */
export function CryptoAddress({ invoice }: { invoice: Invoice }) {
  const t = useMessages(paymentMessages);
  const format = useFormatAmount();
  const [copyNote, setCopyNote] = useState('');
  const action = invoice.nextAction;
  const progress = confirmationProgress(invoice);
  if (action?.type !== 'crypto_address' || !progress) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(action.address);
      setCopyNote(t.copied);
    } catch {
      setCopyNote(t.copyFailed);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="crypto-deposit">
      <h3 className="text-lg font-semibold text-text">
        {formatMessage(t.cryptoTitle, { currency: invoice.currency })}
      </h3>
      <p className="text-sm text-text-muted">
        {formatMessage(t.cryptoHint, {
          amount: format(invoice.amount, invoice.currency),
          network: action.network,
          required: progress.required,
        })}
      </p>
      <div>
        <p id="crypto-address-label" className="text-sm font-medium text-text-muted">
          {t.cryptoAddress}
        </p>
        <div className="mt-1 flex items-center gap-2">
          <code
            aria-labelledby="crypto-address-label"
            data-testid="crypto-address"
            className="grow rounded-lg bg-bg px-3 py-2 font-mono text-sm break-all text-text select-all"
          >
            {action.address}
          </code>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => void copy()}>
            {t.copyAddress}
          </button>
        </div>
      </div>
      <p className="text-sm text-text-muted">
        {t.cryptoNetwork}: <span className="font-medium text-text">{action.network}</span>
      </p>
      <div>
        <progress
          className="h-2 w-full accent-accent"
          max={progress.required}
          value={progress.done}
          aria-label={formatMessage(t.confirmations, progress)}
        />
        <LiveStatus>
          {invoiceStatusName(invoice.status) === 'pending'
            ? t.waitingTransfer
            : formatMessage(t.confirmations, progress)}
        </LiveStatus>
      </div>
      <LiveStatus>{copyNote}</LiveStatus>
    </div>
  );
}
