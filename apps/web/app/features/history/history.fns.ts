import { InvoiceFailureCode, InvoiceStatus, InvoiceType } from '@coinfall/shared/constants';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { invoiceStatusName, type InvoiceStatusName } from '../payments/invoice-status.fns.ts';

export type InvoiceTypeName = 'deposit' | 'withdrawal' | 'purchase' | 'virtualPayout';

export function invoiceTypeName(type: Invoice['type']): InvoiceTypeName {
  switch (type) {
    case InvoiceType.Deposit:
      return 'deposit';
    case InvoiceType.Withdrawal:
      return 'withdrawal';
    case InvoiceType.Purchase:
      return 'purchase';
    case InvoiceType.VirtualPayout:
      return 'virtualPayout';
  }
}

/** Money leaving the player: withdrawals and Sweeps Coins redemptions (virtual payouts). */
export function isPayout(invoice: Pick<Invoice, 'type'>): boolean {
  return invoice.type === InvoiceType.Withdrawal || invoice.type === InvoiceType.VirtualPayout;
}

/** A payout still waiting for review may be cancelled by the player (PUT …/decline). */
export function canCancel(invoice: Pick<Invoice, 'type' | 'status'>): boolean {
  return isPayout(invoice) && invoiceStatusName(invoice.status) === 'pending';
}

/**
 * A purchase or deposit not completed yet (awaiting 3-D Secure or a crypto transfer) may be
 * canceled by the player (PUT …/cancel); a processing one is the provider's to finish.
 */
export function canCancelPayment(invoice: Pick<Invoice, 'type' | 'status'>): boolean {
  return !isPayout(invoice) && invoiceStatusName(invoice.status) === 'pending';
}

/** How a row's status reads: a canceled or expired payment says so, not "rejected". */
export type InvoiceStatusLabel = InvoiceStatusName | 'canceled' | 'expired';

export function invoiceStatusLabel(
  invoice: Pick<Invoice, 'status' | 'failureCode'>,
): InvoiceStatusLabel {
  const name = invoiceStatusName(invoice.status);
  if (name !== 'rejected') return name;
  if (invoice.failureCode === InvoiceFailureCode.CanceledByPlayer) return 'canceled';
  if (invoice.failureCode === InvoiceFailureCode.Expired) return 'expired';
  return name;
}

/** Whether the list should be read again soon: something on screen can still change. */
export function hasOpenInvoices(invoices: readonly Pick<Invoice, 'status'>[]): boolean {
  return invoices.some((invoice) => {
    const name = invoiceStatusName(invoice.status);
    return name === 'pending' || name === 'processing';
  });
}

/**
 * Spec §8: a withdrawal rejected (status 3) raises the withdraw error alert. Only payouts the
 * player has seen open on this screen count, so old rejections never alert on a page load.
 * Returns the ids to alert for and the open payout ids to watch next.
 */
export function detectRejectedPayouts(
  watched: ReadonlySet<string>,
  invoices: readonly Pick<Invoice, 'id' | 'type' | 'status'>[],
): { rejected: string[]; watched: Set<string> } {
  const rejected: string[] = [];
  const next = new Set(watched);
  for (const invoice of invoices) {
    if (!isPayout(invoice)) continue;
    const name = invoiceStatusName(invoice.status);
    if (name === 'pending' || name === 'processing') {
      next.add(invoice.id);
    } else {
      if (name === 'rejected' && watched.has(invoice.id)) rejected.push(invoice.id);
      next.delete(invoice.id);
    }
  }
  return { rejected, watched: next };
}

/** The history tabs and the invoice filters each one sends (spec §7 invoices: type/status). */
export const HISTORY_TABS = ['all', 'redemptions', 'withdrawals', 'deposits', 'purchases'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export function invoiceTypesOf(tab: Exclude<HistoryTab, 'purchases'>): number[] | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'redemptions':
      return [InvoiceType.VirtualPayout];
    case 'withdrawals':
      return [InvoiceType.Withdrawal];
    case 'deposits':
      return [InvoiceType.Deposit];
  }
}

export const STATUS_FILTERS = ['any', 'pending', 'success', 'rejected'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Status numbers of a filter; "pending" includes processing, as both are still open. */
export function invoiceStatusesOf(filter: StatusFilter): number[] | undefined {
  switch (filter) {
    case 'any':
      return undefined;
    case 'pending':
      return [InvoiceStatus.Pending, InvoiceStatus.Processing];
    case 'success':
      return [InvoiceStatus.Success];
    case 'rejected':
      return [InvoiceStatus.Rejected];
  }
}

/** Newest first, whatever order the page came in. */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
