import { useState } from 'react';
import { InvoiceStatus } from '@coinfall/shared/constants';
import { formatMessage } from '../../i18n/i18n.tsx';
import type { RedeemTexts } from '../../i18n/messages/redeem.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useModals } from '../../lib/modals/use-modals.ts';
import { useInvoiceAction } from './api/invoice-action';

export type Notice = { text: string; tone: 'info' | 'error' };

/**
 * "Cancel payment" on a purchase or deposit not completed: asked in the confirm dialog, then
 * said in the row's live message — canceled, already paid (credited), or why not.
 */
export function useCancelPaymentAction(t: RedeemTexts) {
  const modals = useModals();
  const cancel = useInvoiceAction('cancel');
  const [notice, setNotice] = useState<Notice>({ text: '', tone: 'info' });

  const ask = (invoiceId: string, amount: string) => {
    modals.openKeyed('confirm', {
      props: {
        title: t.cancelPaymentTitle,
        description: formatMessage(t.cancelPaymentText, { amount }),
        confirmLabel: t.cancelPaymentConfirm,
        onConfirm: () => {
          setNotice({ text: '', tone: 'info' });
          cancel.mutate(invoiceId, {
            onSuccess: (invoice) =>
              setNotice({
                text: formatMessage(
                  invoice.status === InvoiceStatus.Success
                    ? t.paymentAlreadyPaid
                    : t.paymentCanceled,
                  { amount },
                ),
                tone: 'info',
              }),
            onError: (error) =>
              setNotice({
                text:
                  error instanceof ApiError && error.details?.reason === 'processing'
                    ? t.cancelPaymentProcessing
                    : t.cancelPaymentFailed,
                tone: 'error',
              }),
          });
        },
      },
    });
  };

  return { ask, notice, isPending: cancel.isPending, label: t.cancelPayment };
}
