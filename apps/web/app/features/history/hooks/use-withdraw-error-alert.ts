import { useEffect } from 'react';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { useAlerts } from '../../alerts/use-alerts';
import { claimInvoiceAlert } from '../../realtime/invoice-alerts';
import { detectRejectedPayouts } from '../history.fns';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';

/**
 * Payouts this tab has seen open. Module state, so switching tabs or pages of the history keeps
 * watching them, and each rejection alerts once.
 */
let watched: ReadonlySet<string> = new Set();

/** Spec §8: a payout seen pending that comes back rejected (status 3) raises withdrawError. */
export function useWithdrawErrorAlert(
  invoices: readonly Invoice[] | undefined,
  describe: (invoice: Invoice) => { sum: string; date: string },
): void {
  const alerts = useAlerts();
  useEffect(() => {
    if (!invoices) return;
    const result = detectRejectedPayouts(watched, invoices);
    watched = result.watched;
    for (const id of result.rejected) {
      const invoice = invoices.find((item) => item.id === id);
      if (invoice && !claimInvoiceAlert(invoice.id, invoice.status)) continue; // pushed already
      alerts.push('withdrawError', invoice ? describe(invoice) : {});
    }
    // The held coins came back: the header balance and the tracker must say so.
    if (result.rejected.length > 0) void refreshMoneyQueries();
    // alerts and describe are new each render; the list is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invoices]);
}
