import { Link, useLocation } from 'react-router';
import { formatMessage, useLocale, useLocalizedPath, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { buttonClass } from '../../../ui/button.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { isInvoiceNotFound, useInvoice } from '../api/invoice.ts';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { useInvoiceWatch } from '../hooks/use-invoice-watch.ts';
import { declineText } from './invoice-progress.tsx';
import { invoiceStatusName, rejectionKindOf } from '../invoice-status.fns.ts';
import type { Invoice } from '@coinfall/shared/contracts/payment';

/**
 * The return pages of the non-framed 3-D Secure flow (/payments/success|fail|processing?invoiceId=…):
 * the invoice's real outcome, read from the API (the page a provider sends the player to is only
 * a hint), followed while it is still open.
 */
export function InvoiceLanding() {
  const t = useMessages(paymentMessages);
  const location = useLocation();
  const invoiceId = new URLSearchParams(location.search).get('invoiceId') ?? undefined;
  const invoice = useInvoice(invoiceId);

  if (!invoiceId || isInvoiceNotFound(invoice.error))
    return (
      <p role="alert" className="text-text">
        {invoiceId ? t.landingNotFound : t.landingMissing}
      </p>
    );
  return (
    <LoadState texts={t} query={invoice} rows={2}>
      {(loaded) => <LandingOutcome initial={loaded} />}
    </LoadState>
  );
}

function LandingOutcome({ initial }: { initial: Invoice }) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const localize = useLocalizedPath();
  const format = useFormatAmount();
  const { invoice = initial } = useInvoiceWatch(initial);
  const outcome = invoiceStatusName(invoice.status);
  const when = new Date(invoice.processedAt ?? invoice.createdAt);
  const rejection = rejectionKindOf(invoice);
  const title =
    outcome === 'success'
      ? t.successTitle
      : outcome === 'rejected'
        ? rejection === 'payout'
          ? t.payoutRejectedTitle
          : t.declinedTitle
        : t.processingTitle;
  const rejectedText =
    rejection === 'payout'
      ? t.payoutRejected
      : rejection === 'card'
        ? declineText(invoice.failureCode, t)
        : t.paymentFailed;
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
      data-testid="invoice-landing"
    >
      <h2 className="font-display text-xl font-bold text-text">{title}</h2>
      <p role="status" className="text-text">
        {formatMessage(t.landingAmount, {
          amount: format(invoice.amount, invoice.currency),
          date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
            when,
          ),
        })}
      </p>
      {outcome === 'rejected' && <p className="text-danger">{rejectedText}</p>}
      {(outcome === 'processing' || outcome === 'pending') && (
        <p className="text-text-muted">{t.processingText}</p>
      )}
      <div>
        <Link to={localize('/payments')} className={buttonClass('outline')}>
          {t.toPayments}
        </Link>
      </div>
    </div>
  );
}
