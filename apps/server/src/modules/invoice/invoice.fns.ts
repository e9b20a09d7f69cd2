import type { Invoice, PaymentMethodType } from '@coinfall/shared';
import { InvoiceStatus, InvoiceType } from '@coinfall/shared';
import type { invoices } from '../../db/schema/index.ts';
import type { DomainEventInput } from '../../platform/events/outbox.repo.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Money out: what redemptions hold, settle and count against the daily payout limit. */
export const PAYOUT_TYPES: readonly number[] = [InvoiceType.Withdrawal, InvoiceType.VirtualPayout];
/** Money in: what purchase limits and the big-deposit alert count. */
export const MONEY_IN_TYPES: readonly number[] = [InvoiceType.Deposit, InvoiceType.Purchase];

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

type InvoiceEventType = 'invoice.deposit.updated' | 'invoice.withdrawal.updated';

/** The event type of spec §7 an invoice change is published as. */
export function invoiceEventType(type: number): InvoiceEventType {
  return PAYOUT_TYPES.includes(type) ? 'invoice.withdrawal.updated' : 'invoice.deposit.updated';
}

/**
 * The one mapping of a changed invoice row to its domain event (payments, settlement and
 * redemptions all publish through it), for `outbox.record(tx, invoiceUpdatedEvent(row))`.
 */
export function invoiceUpdatedEvent(row: InvoiceRow): DomainEventInput<InvoiceEventType> {
  return {
    type: invoiceEventType(row.type),
    playerId: row.playerId,
    payload: { invoice: toInvoice(row), playerId: row.playerId },
  };
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
