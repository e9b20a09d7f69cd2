import { useState } from 'react';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { ApiError } from '../../../lib/api/api-error.ts';
import { formatMessage } from '../../../i18n/i18n.tsx';
import type { RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { useInvoiceAction } from '../api/invoice-action';
import { useInvoices, type InvoiceFilter } from '../api/invoices';
import { invoiceStatusName } from '../../payments/invoice-status.fns.ts';
import {
  canCancel,
  canCancelPayment,
  invoiceStatusLabel,
  invoiceTypeName,
  newestFirst,
  type InvoiceStatusLabel,
} from '../history.fns';
import { useCancelPaymentAction, type Notice } from '../cancel-payment';
import { useFormatMoney } from '../hooks/use-format-money';
import { useWithdrawErrorAlert } from '../hooks/use-withdraw-error-alert';
import { Pager } from '../../../ui/pager';
import { StatusBadge } from './status-badge';
import { useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';

/**
 * One page of invoices, newest first; a pending payout can be cancelled (held funds released), a
 * purchase or deposit not completed can be canceled at the provider.
 */
export function InvoicesTable({
  filter,
  filtered,
  onPage,
  t,
}: {
  filter: InvoiceFilter;
  /** A tab or status filter is applied: the empty text says so. */
  filtered: boolean;
  onPage: (page: number) => void;
  t: RedeemTexts;
}) {
  const invoices = useInvoices(filter);
  // The wording these sections have always shown (the profile's load texts).
  const loadTexts = useMessages(profileMessages);
  const format = useFormatMoney();
  useWithdrawErrorAlert(invoices.data?.data, (invoice) => ({
    sum: format.money(invoice.amount, invoice.currency),
    date: format.date(invoice.updatedAt),
  }));
  return (
    <LoadState texts={loadTexts} query={invoices} rows={4}>
      {(list) =>
        list.data.length === 0 ? (
          <p className="text-sm text-text-muted" data-testid="history-empty">
            {filtered ? t.historyEmptyFiltered : t.historyEmpty}
          </p>
        ) : (
          <>
            <InvoiceRows invoices={newestFirst(list.data)} t={t} />
            <Pager meta={list.meta} onPage={onPage} t={t} />
          </>
        )
      }
    </LoadState>
  );
}

function InvoiceRows({ invoices, t }: { invoices: Invoice[]; t: RedeemTexts }) {
  const format = useFormatMoney();
  const modals = useModals();
  const decline = useInvoiceAction('decline');
  const [notice, setNotice] = useState<Notice>({ text: '', tone: 'info' });
  const payment = useCancelPaymentAction(t);
  const statusText = (name: InvoiceStatusLabel) => t[`status_${name}`];

  const askCancel = (invoice: Invoice) => {
    const amount = format.money(invoice.amount, invoice.currency);
    modals.openKeyed('confirm', {
      props: {
        title: t.cancelTitle,
        description: formatMessage(t.cancelText, { amount }),
        confirmLabel: t.cancelConfirm,
        onConfirm: () => {
          setNotice({ text: '', tone: 'info' });
          decline.mutate(invoice.id, {
            onSuccess: () =>
              setNotice({ text: formatMessage(t.cancelled, { amount }), tone: 'info' }),
            onError: (error) =>
              setNotice({
                text:
                  error instanceof ApiError && error.details?.reason === 'sending'
                    ? t.cancelSending
                    : t.cancelFailed,
                tone: 'error',
              }),
          });
        },
      },
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.historyListTitle}</caption>
          <thead className="text-xs text-text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t.colDate}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.colType}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.colAmount}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.colMethod}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.colStatus}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => {
              const status = invoiceStatusName(invoice.status);
              const label = invoiceStatusLabel(invoice);
              const type = invoiceTypeName(invoice.type);
              return (
                <tr
                  key={invoice.id}
                  data-testid="history-invoice"
                  data-type={type}
                  data-status={status}
                  data-label={label}
                  className="border-t border-border"
                >
                  <td className="px-3 py-3 whitespace-nowrap text-text-muted">
                    <time dateTime={invoice.createdAt}>{format.date(invoice.createdAt)}</time>
                  </td>
                  <th scope="row" className="px-3 py-3 font-semibold text-text">
                    {t[`type_${type}`]}
                  </th>
                  <td className="px-3 py-3 text-right text-text tabular-nums">
                    {format.money(invoice.amount, invoice.currency)}
                  </td>
                  <td className="px-3 py-3 text-text-muted">
                    {invoice.paymentMethod?.name ?? '—'}
                  </td>
                  <td className="px-3 py-3">
                    <StatusBadge name={label} text={statusText(label)} />
                  </td>
                  <td className="px-3 py-3 text-right">
                    {canCancel(invoice) && (
                      <button
                        type="button"
                        className={buttonClass('outline', 'sm')}
                        disabled={decline.isPending}
                        onClick={() => askCancel(invoice)}
                      >
                        {type === 'virtualPayout' ? t.cancelRedemption : t.cancelWithdrawal}
                      </button>
                    )}
                    {canCancelPayment(invoice) && (
                      <button
                        type="button"
                        className={buttonClass('outline', 'sm')}
                        disabled={payment.isPending}
                        data-testid="cancel-payment"
                        onClick={() =>
                          payment.ask(invoice.id, format.money(invoice.amount, invoice.currency))
                        }
                      >
                        {t.cancelPayment}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LiveMessage text={notice.text} tone={notice.tone} />
      <LiveMessage text={payment.notice.text} tone={payment.notice.tone} />
    </div>
  );
}
