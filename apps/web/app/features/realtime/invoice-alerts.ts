/**
 * One alert per invoice outcome: the payment flow (polling an invoice it created), the history
 * page (a payout seen pending) and the realtime push may each learn that an invoice settled,
 * in any order. The first to claim an invoice's outcome shows the alert; the others stay quiet.
 */
const claimed = new Set<string>();

export function claimInvoiceAlert(invoiceId: string, status: number): boolean {
  const key = `${invoiceId}:${status}`;
  if (claimed.has(key)) return false;
  claimed.add(key);
  return true;
}

/** For tests. */
export function forgetInvoiceAlerts(): void {
  claimed.clear();
}
