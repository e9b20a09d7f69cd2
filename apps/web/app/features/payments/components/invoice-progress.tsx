import type { Invoice } from '@coinfall/shared/contracts/payment';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import {
  ModalActions,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SuccessMark,
} from '../../../ui/modal/modal-frame.tsx';
import { invoiceStatusName } from '../invoice-status.fns.ts';
import { knownDeclineReason } from '../payment-errors.fns.ts';
import { CryptoAddress } from './crypto-address.tsx';
import { LiveStatus, OutcomeHeading } from './payment-ui.tsx';
import { ThreeDsFrame } from './three-ds-frame.tsx';

type Texts = Record<keyof (typeof paymentMessages)['en'], string>;

/** The player-facing reason of a decline: a known provider code in our words, else generic. */
export function declineText(reason: string | null | undefined, t: Texts): string {
  const known = knownDeclineReason(reason);
  return known ? t[`decline_${known}`] : t.declinedGeneric;
}

/** A declined payment: why, the code for support, and the way to another card. */
export function DeclinedView({
  reason,
  onTryAnother,
}: {
  reason: string | null | undefined;
  onTryAnother: () => void;
}) {
  const t = useMessages(paymentMessages);
  return (
    <div className="flex flex-col gap-3" data-testid="payment-declined">
      <OutcomeHeading tone="error">{t.declinedTitle}</OutcomeHeading>
      <p role="alert" className="rounded-lg bg-danger/15 px-3 py-2 text-sm text-danger">
        {declineText(reason, t)}
      </p>
      {reason && (
        <p className="font-mono text-xs text-text-muted">
          {formatMessage(t.declinedCode, { code: reason })}
        </p>
      )}
      <ModalActions>
        <button type="button" className={PRIMARY_BUTTON} onClick={onTryAnother}>
          {t.tryAnotherCard}
        </button>
      </ModalActions>
    </div>
  );
}

/**
 * Where an invoice stands, as the player follows it: the bank's 3-D Secure page, the crypto
 * address with its confirmations, "checking", "processing" (closable), success or declined.
 */
export function InvoiceProgress({
  invoice,
  successText,
  onPollNow,
  onTryAnother,
  onDone,
}: {
  invoice: Invoice;
  successText: string;
  onPollNow: () => void;
  onTryAnother: () => void;
  onDone: () => void;
}) {
  const t = useMessages(paymentMessages);
  const outcome = invoiceStatusName(invoice.status);
  // A crypto deposit stays on its address while the transfer gathers confirmations (processing).
  if (
    (outcome === 'pending' || outcome === 'processing') &&
    invoice.nextAction?.type === 'crypto_address'
  )
    return <CryptoAddress invoice={invoice} />;
  switch (outcome) {
    case 'success':
      return (
        <div className="flex flex-col gap-3" data-testid="payment-success">
          <SuccessMark />
          <OutcomeHeading tone="success">{t.successTitle}</OutcomeHeading>
          <p role="status" className="text-sm text-text">
            {successText}
          </p>
          <ModalActions>
            <button type="button" className={PRIMARY_BUTTON} onClick={onDone}>
              {t.done}
            </button>
          </ModalActions>
        </div>
      );
    case 'rejected':
      return <DeclinedView reason={invoice.failureCode} onTryAnother={onTryAnother} />;
    case 'processing':
      return (
        <div className="flex flex-col gap-3" data-testid="payment-processing">
          <OutcomeHeading tone="info">{t.processingTitle}</OutcomeHeading>
          <p className="text-sm text-text-muted">{t.processingText}</p>
          <ModalActions>
            <button type="button" className={SECONDARY_BUTTON} onClick={onDone}>
              {t.close}
            </button>
          </ModalActions>
        </div>
      );
    case 'pending': {
      const action = invoice.nextAction;
      if (action?.type === 'redirect')
        return (
          <ThreeDsFrame
            url={action.url}
            invoiceId={invoice.id}
            onMessage={onPollNow}
            onCancel={onTryAnother}
          />
        );
      return <LiveStatus>{t.checking}</LiveStatus>;
    }
  }
}
