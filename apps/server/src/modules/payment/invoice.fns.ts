import type { Invoice, PaymentMethodType } from '@coinfall/shared';
import { InvoiceStatus, InvoiceType } from '@coinfall/shared';
import type { invoices } from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

const FINAL_STATUSES: ReadonlySet<number> = new Set([
  InvoiceStatus.Success,
  InvoiceStatus.Rejected,
]);

/** Spec §4: success and rejected are final; pending and processing may still change. */
export function isFinalInvoiceStatus(status: number): boolean {
  return FINAL_STATUSES.has(status);
}

/**
 * Whether an invoice may move from `from` to `to`. Statuses only move forward — pending →
 * processing → success/rejected — so a late or reordered webhook can never undo an outcome.
 */
export function canMoveInvoice(from: number, to: number): boolean {
  if (from === to || isFinalInvoiceStatus(from)) return false;
  if (to === InvoiceStatus.Pending) return false;
  return !(from === InvoiceStatus.Processing && to === InvoiceStatus.Processing);
}

/** The event type of spec §7 an invoice change is published as. */
export function invoiceEventType(
  type: number,
): 'invoice.deposit.updated' | 'invoice.withdrawal.updated' {
  return type === InvoiceType.Withdrawal || type === InvoiceType.VirtualPayout
    ? 'invoice.withdrawal.updated'
    : 'invoice.deposit.updated';
}

/** The wire shape of spec §3 "Invoice". */
export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    type: row.type as Invoice['type'],
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    paymentMethod:
      row.paymentMethodId && row.paymentMethodType
        ? {
            id: row.paymentMethodId,
            type: row.paymentMethodType satisfies PaymentMethodType,
            name: row.paymentMethodName ?? row.paymentMethodId,
          }
        : null,
    purchaseId: row.purchaseId,
    failureCode: row.failureCode,
    nextAction: isFinalInvoiceStatus(row.status) ? null : row.nextAction,
  };
}
