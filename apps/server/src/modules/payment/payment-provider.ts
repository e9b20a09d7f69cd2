import type { CashierSession, PaymentMethod } from '@coinfall/shared';

/**
 * A payment provider as the payments service sees it: a real one (card acquirer, crypto
 * processor) or the built-in sandbox, which behaves the same way — asynchronous outcomes,
 * 3-D Secure on a hosted page, signed webhooks that may arrive twice or out of order.
 */
export interface PaymentProvider {
  /** Recorded on every invoice; webhooks arrive at /api/payment/webhooks/{name}. */
  readonly name: string;

  /** A short-lived token the site uses to save or remove cards at the provider (DirectCashier). */
  openCashierSession(customer: ProviderCustomer): Promise<CashierSession>;

  /** The customer's saved methods at the provider (each with fields: brand, last4, expiry…). */
  listSavedMethods(customer: ProviderCustomer): Promise<PaymentMethod[]>;

  /** Starts a card payment. 3-D Secure, when needed, comes back as a hosted-page redirect. */
  createCardPayment(request: CardPaymentRequest): Promise<ProviderPaymentStart>;

  /** A deposit address for a crypto invoice; the money arrives later, with confirmations. */
  createCryptoDeposit(request: CryptoDepositRequest): Promise<ProviderCryptoDeposit>;

  /**
   * Cancels a payment that has not completed — a card payment awaiting 3-D Secure, a crypto
   * deposit address no transfer reached — as acquirers allow before capture. Answers what the
   * provider knows, never an assumption: `canceled` (now or before), or the outcome it already
   * has. A payment it never started for this invoice is canceled too, so a late start cannot
   * take money for it. Throws when the provider cannot be reached (nothing changed then).
   */
  cancelPayment(request: CancelPaymentRequest): Promise<ProviderCancelAnswer>;

  /**
   * Gives back the whole of a completed payment — a card payment the platform refused to credit
   * (decision 046: its player took a break or self-excluded meanwhile). Idempotent by invoice:
   * asked again, it answers the refund it made. `not_refundable` when the provider holds no
   * completed payment it can reverse (a crypto transfer cannot be pulled back: the operator
   * sends it back by hand). Throws when the provider cannot be reached (nothing changed then).
   */
  refundPayment(request: RefundPaymentRequest): Promise<ProviderRefundAnswer>;

  /**
   * Sends money out (a redemption or withdrawal) once it is approved; idempotent per invoice.
   * Throws PayoutRefusedError when the provider answered no (nothing is sent); any other error
   * leaves the outcome unknown. A request the provider would accept only after its `notAfter`
   * is refused (`request_expired`): past that moment, what `findPayout` answers is final.
   */
  createPayout(request: PayoutRequest): Promise<{ providerRef: string }>;

  /**
   * The payout the provider holds for an invoice, whatever its state, or null when it never
   * received one: how a payout whose approval went quiet is resolved (decision 070).
   */
  findPayout(invoiceId: string): Promise<{ providerRef: string } | null>;

  /** Checks the signature of a webhook delivery; throws on anything not signed by the provider. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent;
}

export interface ProviderCustomer {
  /** Our player id: the provider's customer reference. */
  playerId: string;
  email: string | null;
}

export interface CardPaymentRequest {
  invoiceId: string;
  customer: ProviderCustomer;
  /** A saved method id of this customer at the provider. */
  methodId: string;
  amount: number;
  currency: string;
  description: string;
  /** Where the hosted 3-D Secure step sends the player back (…/payments/success etc. decide by status). */
  returnUrl: string;
}

export type ProviderPaymentStart =
  | { providerRef: string; status: 'requires_action'; redirectUrl: string }
  | { providerRef: string; status: 'processing' }
  | { providerRef: string; status: 'succeeded' }
  | { providerRef: string; status: 'declined'; declineCode: string };

/** Why a payment is canceled: the player asked, or it was left unfinished too long. */
export type CancellationReason = 'requested_by_customer' | 'abandoned';

export interface CancelPaymentRequest {
  invoiceId: string;
  /** Null when the provider's first answer never reached us: it finds the payment by invoice. */
  providerRef: string | null;
  kind: 'card' | 'crypto';
  reason: CancellationReason;
  /** Our player id, the amount and currency: what a provider records for a never-started one. */
  customerId: string;
  amount: number;
  currency: string;
}

export type ProviderCancelAnswer =
  | { status: 'canceled'; providerRef: string | null; reason: CancellationReason }
  | { status: 'processing'; providerRef: string }
  | { status: 'succeeded'; providerRef: string }
  | { status: 'declined'; providerRef: string; declineCode: string };

export interface RefundPaymentRequest {
  invoiceId: string;
  providerRef: string | null;
  kind: 'card' | 'crypto';
  amount: number;
  currency: string;
  /** Why, as the provider records it. */
  reason: 'player_excluded';
}

export type ProviderRefundAnswer =
  { status: 'refunded'; refundRef: string } | { status: 'not_refundable'; reason: string };

export interface CryptoDepositRequest {
  invoiceId: string;
  customer: ProviderCustomer;
  currency: string;
  amount: number;
}

export interface ProviderCryptoDeposit {
  providerRef: string;
  address: string;
  network: string;
  confirmationsRequired: number;
}

export interface PayoutRequest {
  invoiceId: string;
  customer: ProviderCustomer;
  methodId: string;
  amount: number;
  currency: string;
  /**
   * The provider refuses the payout unless it has accepted it by then (decision 070): a request
   * still on its way when its approval is given up for lost can no longer pay.
   */
  notAfter: Date;
}

/**
 * A verified webhook. `sequence` orders the events of one payment: an event older than what the
 * invoice has seen changes nothing (reordered deliveries).
 */
export interface WebhookEvent {
  id: string;
  type:
    | 'payment.processing'
    | 'payment.succeeded'
    | 'payment.declined'
    | 'payment.canceled'
    | 'crypto.confirmation'
    | 'payout.succeeded'
    | 'payout.failed';
  providerRef: string;
  invoiceId: string;
  amount: number;
  currency: string;
  sequence: number;
  occurredAt: string;
  /** payment.declined / payout.failed: why. crypto.confirmation: confirmations so far. */
  declineCode?: string;
  confirmations?: number;
  /** payment.canceled: why. */
  cancellationReason?: CancellationReason;
}

/** The provider refused to open a cashier session for this customer (spec §8: errorCode 13102). */
export class CashierSessionRefusedError extends Error {
  constructor(readonly errorCode: number) {
    super(`The payment provider refused the cashier session (${errorCode})`);
    this.name = 'CashierSessionRefusedError';
  }
}

/** The provider refused the payout outright: nothing was or will be sent. */
export class PayoutRefusedError extends Error {
  constructor(readonly failureCode: string) {
    super(`The payment provider refused the payout (${failureCode})`);
    this.name = 'PayoutRefusedError';
  }
}

/** A webhook delivery that is not provably from the provider, or not readable. */
export class WebhookRejectedError extends Error {
  constructor(
    readonly reason: 'signature' | 'payload',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRejectedError';
  }
}
