import { InvoiceFailureCode, InvoiceStatus } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import type { CancellationReason, ProviderCancelAnswer } from './payment-provider.ts';
import type { SettleOutcome } from './settlement.service.ts';

/** The invoice's failure code for a canceled payment, by why it was canceled. */
export function cancelFailureCode(reason: CancellationReason): string {
  return reason === 'requested_by_customer'
    ? InvoiceFailureCode.CanceledByPlayer
    : InvoiceFailureCode.Expired;
}

/**
 * What the provider's answer to a cancel does to the invoice, through settlement like any other
 * provider answer: canceled rejects it with its own code, an outcome the provider already had
 * takes effect as it would by webhook (a success is credited, once).
 */
export function cancelOutcome(answer: ProviderCancelAnswer): SettleOutcome {
  switch (answer.status) {
    case 'canceled':
      return { status: InvoiceStatus.Rejected, failureCode: cancelFailureCode(answer.reason) };
    case 'declined':
      return { status: InvoiceStatus.Rejected, failureCode: answer.declineCode };
    case 'succeeded':
      return { status: InvoiceStatus.Success };
    case 'processing':
      return { status: InvoiceStatus.Processing };
  }
}

/** The provider's kind of payment behind an invoice: crypto deposits have an address. */
export function paymentKindOf(invoice: { paymentMethodType: string | null }): 'card' | 'crypto' {
  return invoice.paymentMethodType === 'crypto' ? 'crypto' : 'card';
}

/** How long an invoice may stay open before the expiry job asks the provider to cancel it. */
export interface AbandonPolicy {
  /** Card payments (awaiting 3-D Secure, or never answered). */
  cardMinutes: number;
  /** Crypto deposits awaiting their transfer. */
  cryptoMinutes: number;
}

/** Created before these instants, an open invoice of each kind is abandoned. */
export function abandonCutoffs(policy: AbandonPolicy, now: Date): { card: Date; crypto: Date } {
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  return { card: before(policy.cardMinutes), crypto: before(policy.cryptoMinutes) };
}

/** Errors of a connection that was never made: the request cannot have reached the provider. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * Whether the provider call failed before anything was sent: no connection, or no provider at
 * all (503 from the unconfigured one). A timeout or a reset after sending is not: it may have paid.
 */
export function neverSent(err: unknown): boolean {
  if (err instanceof AppError) return err.code === 'SERVICE_UNAVAILABLE';
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_CONNECTED.has(code)) return true;
  }
  return false;
}
