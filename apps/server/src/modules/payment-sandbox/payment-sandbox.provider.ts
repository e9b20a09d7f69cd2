import { PAYMENT_SESSION_REFUSED_CODE } from '@coinfall/shared';
import { z } from 'zod';
import {
  CashierSessionRefusedError,
  PayoutRefusedError,
  WebhookRejectedError,
  type CancellationReason,
  type PaymentProvider,
  type ProviderCancelAnswer,
  type ProviderCustomer,
  type ProviderPaymentStart,
} from '../payment/payment-provider.ts';
import {
  CARD_MAX,
  CARD_MIN,
  CASHIER_REFUSED_EMAIL_SUFFIX,
  PAYOUT_REFUSED_EMAIL_SUFFIX,
  emailLocalPart,
  CASHIER_TOKEN_TTL_SECONDS,
  CRYPTO_NETWORKS,
  DECLINE_CODES,
  SANDBOX_PROVIDER,
  SIGNATURE_HEADER,
  checkWebhookSignature,
  cryptoAddress,
  newSandboxId,
  paymentKey,
  signCashierToken,
  toSavedMethod,
  type CardBehaviour,
} from './payment-sandbox.fns.ts';
import type { PaymentSandboxRepo, SandboxPaymentRow } from './payment-sandbox.repo.ts';
import { DEV_SETTLE_MS, type SandboxWebhooks } from './payment-sandbox-webhooks.service.ts';

const webhookEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum([
    'payment.processing',
    'payment.succeeded',
    'payment.declined',
    'payment.canceled',
    'crypto.confirmation',
    'payout.succeeded',
    'payout.failed',
  ]),
  providerRef: z.string().min(1),
  invoiceId: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  sequence: z.number().int().nonnegative(),
  occurredAt: z.string(),
  declineCode: z.string().optional(),
  confirmations: z.number().int().nonnegative().optional(),
  cancellationReason: z.enum(['requested_by_customer', 'abandoned']).optional(),
});

/**
 * How a stored payment answers the payments service's request to start it. The 3-D Secure link
 * carries the payment's key: the platform hands it to the payment's owner only.
 */
function startOf(
  row: SandboxPaymentRow,
  threeDsUrl: (ref: string) => string,
): ProviderPaymentStart {
  switch (row.status) {
    case 'requires_action':
      return { providerRef: row.ref, status: 'requires_action', redirectUrl: threeDsUrl(row.ref) };
    case 'declined':
      return {
        providerRef: row.ref,
        status: 'declined',
        declineCode: row.declineCode ?? 'card_declined',
      };
    // A refunded payment had succeeded: its start answers that, the refund is answered apart.
    case 'succeeded':
    case 'refunded':
      return { providerRef: row.ref, status: 'succeeded' };
    case 'processing':
    case 'awaiting_transfer':
      return { providerRef: row.ref, status: 'processing' };
    // Canceled before its start reached the platform: it never takes money.
    case 'canceled':
      return { providerRef: row.ref, status: 'declined', declineCode: 'payment_canceled' };
  }
}

/** The sandbox's reference of a payment's (one, whole) refund. */
const refundRefOf = (paymentRef: string) => `re_${paymentRef}`;

/** What the sandbox knows of a payment asked to cancel: its state, never a guess. */
function cancelAnswerOf(row: SandboxPaymentRow): ProviderCancelAnswer {
  switch (row.status) {
    case 'canceled':
      return {
        status: 'canceled',
        providerRef: row.ref,
        reason: (row.declineCode ?? 'abandoned') as CancellationReason,
      };
    case 'succeeded':
    case 'refunded':
      return { status: 'succeeded', providerRef: row.ref };
    case 'declined':
      return {
        status: 'declined',
        providerRef: row.ref,
        declineCode: row.declineCode ?? 'card_declined',
      };
    case 'requires_action':
    case 'awaiting_transfer':
    case 'processing':
      return { status: 'processing', providerRef: row.ref };
  }
}

/**
 * The sandbox as the platform calls it (payment/payment-provider.ts): cashier sessions, saved
 * methods, card payments (the test card decides the outcome), crypto deposit addresses, payouts
 * and the webhooks' signature check. It answers like an acquirer: the outcome of anything
 * asynchronous comes later, by webhook (`webhooks`).
 */
export function createSandboxProvider(deps: {
  repo: Pick<
    PaymentSandboxRepo,
    | 'listMethods'
    | 'findMethod'
    | 'findPayment'
    | 'findPaymentByInvoice'
    | 'insertPayment'
    | 'insertPaymentInTime'
    | 'forgetUnprovenMethod'
    | 'move'
  >;
  webhooks: Pick<
    SandboxWebhooks,
    'later' | 'settleCard' | 'cancel' | 'settlePayout' | 'nowSeconds'
  >;
  webhookSecret: string;
  /** Where the sandbox's own pages live (the hosted 3-D Secure page among them). */
  baseUrl: string;
}): PaymentProvider {
  const { repo, webhooks, baseUrl } = deps;
  const threeDsUrl = (ref: string) =>
    `${baseUrl}/3ds/${ref}?key=${paymentKey(deps.webhookSecret, ref)}`;
  const start = (row: SandboxPaymentRow) => startOf(row, threeDsUrl);

  return {
    name: SANDBOX_PROVIDER,

    async openCashierSession(customer: ProviderCustomer) {
      if (emailLocalPart(customer.email).endsWith(CASHIER_REFUSED_EMAIL_SUFFIX)) {
        throw new CashierSessionRefusedError(PAYMENT_SESSION_REFUSED_CODE);
      }
      const exp = webhooks.nowSeconds() + CASHIER_TOKEN_TTL_SECONDS;
      return {
        baseUrl,
        token: signCashierToken(deps.webhookSecret, customer.playerId, exp),
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },

    async listSavedMethods(customer) {
      return (await repo.listMethods(customer.playerId)).map(toSavedMethod);
    },

    async createCardPayment(request) {
      // Like a provider's idempotency key: the same invoice never becomes two payments.
      const existing = await repo.findPaymentByInvoice('card', request.invoiceId);
      if (existing) return start(existing);
      const method = await repo.findMethod(request.customer.playerId, request.methodId);
      const behaviour = (method?.behaviour ?? 'decline') as CardBehaviour;
      const base = {
        ref: newSandboxId('pay'),
        kind: 'card' as const,
        invoiceId: request.invoiceId,
        customerId: request.customer.playerId,
        methodId: request.methodId,
        amount: request.amount,
        currency: request.currency,
        returnUrl: request.returnUrl,
      };
      const declined = (declineCode: string) =>
        repo.insertPayment({ ...base, status: 'declined', declineCode });
      if (!method) return start(await declined('payment_method_not_found'));
      if (request.amount < CARD_MIN || request.amount > CARD_MAX || request.currency !== 'USD') {
        return start(await declined('amount_not_allowed'));
      }
      switch (behaviour) {
        case 'three_ds':
        case 'three_ds_typed':
          return start(
            await repo.insertPayment({
              ...base,
              status: 'requires_action',
              challenge: behaviour === 'three_ds' ? 'prefilled' : 'typed',
            }),
          );
        case 'decline':
        case 'insufficient_funds': {
          const row = await declined(DECLINE_CODES[behaviour] ?? 'card_declined');
          // A card the bank declines before it ever paid is not kept on file.
          await repo.forgetUnprovenMethod(method.id);
          return start(row);
        }
        case 'processing': {
          const row = await repo.insertPayment({ ...base, status: 'processing' });
          webhooks.later(DEV_SETTLE_MS, () => webhooks.settleCard(row.ref, 'succeeded'));
          return start(row);
        }
        case 'succeed':
          return start(await repo.insertPayment({ ...base, status: 'succeeded' }));
      }
    },

    async createCryptoDeposit(request) {
      const net = CRYPTO_NETWORKS[request.currency];
      if (!net) throw new Error(`sandbox: no ${request.currency} network`);
      const existing = await repo.findPaymentByInvoice('crypto', request.invoiceId);
      const row =
        existing ??
        (await repo.insertPayment({
          ref: newSandboxId('dep'),
          kind: 'crypto',
          invoiceId: request.invoiceId,
          customerId: request.customer.playerId,
          amount: request.amount,
          currency: request.currency,
          status: 'awaiting_transfer',
          address: cryptoAddress(deps.webhookSecret, request.currency, request.invoiceId),
          network: net.network,
          confirmationsRequired: net.confirmationsRequired,
        }));
      return {
        providerRef: row.ref,
        address: row.address ?? '',
        network: row.network ?? net.network,
        confirmationsRequired: row.confirmationsRequired ?? net.confirmationsRequired,
      };
    },

    async cancelPayment(request) {
      const found =
        (request.providerRef ? await repo.findPayment(request.providerRef) : undefined) ??
        (await repo.findPaymentByInvoice(request.kind, request.invoiceId));
      if (!found || found.invoiceId !== request.invoiceId) {
        // Never started here (its start failed or is still on its way): a canceled record, so
        // a late start for this invoice finds it and takes no money.
        const row = await repo.insertPayment({
          ref: newSandboxId(request.kind === 'crypto' ? 'dep' : 'pay'),
          kind: request.kind,
          invoiceId: request.invoiceId,
          customerId: request.customerId,
          amount: request.amount,
          currency: request.currency,
          status: 'canceled',
          declineCode: request.reason,
        });
        return cancelAnswerOf(row);
      }
      const canceled = await webhooks.cancel(found.ref, request.reason);
      if (canceled) return cancelAnswerOf(canceled);
      // Not cancelable (any more): what it is now, after a concurrent approval or transfer.
      return cancelAnswerOf((await repo.findPayment(found.ref)) ?? found);
    },

    async refundPayment(request) {
      const found =
        (request.providerRef ? await repo.findPayment(request.providerRef) : undefined) ??
        (await repo.findPaymentByInvoice(request.kind, request.invoiceId));
      if (!found || found.invoiceId !== request.invoiceId) {
        return { status: 'not_refundable', reason: 'no_payment' };
      }
      // A transfer on a chain cannot be pulled back; the operator sends it back by hand.
      if (found.kind !== 'card') return { status: 'not_refundable', reason: 'crypto_transfer' };
      if (found.amount !== request.amount || found.currency !== request.currency) {
        return { status: 'not_refundable', reason: 'amount_mismatch' };
      }
      // One conditional move: two asks at once refund once, and both answer the refund.
      const moved = await repo.move(found.ref, ['succeeded'], { status: 'refunded' });
      const now = moved ?? (await repo.findPayment(found.ref)) ?? found;
      return now.status === 'refunded'
        ? { status: 'refunded', refundRef: refundRefOf(now.ref) }
        : { status: 'not_refundable', reason: `payment_${now.status}` };
    },

    async createPayout(request) {
      if (emailLocalPart(request.customer.email).endsWith(PAYOUT_REFUSED_EMAIL_SUFFIX)) {
        throw new PayoutRefusedError('payout_refused');
      }
      const existing = await repo.findPaymentByInvoice('payout', request.invoiceId);
      if (existing) return { providerRef: existing.ref };
      // Accepted only if it is written by its deadline (a request delayed past it never pays).
      const inTime = () => webhooks.nowSeconds() * 1000 <= request.notAfter.getTime();
      const row = await repo.insertPaymentInTime(
        {
          ref: newSandboxId('po'),
          kind: 'payout',
          invoiceId: request.invoiceId,
          customerId: request.customer.playerId,
          methodId: request.methodId,
          amount: request.amount,
          currency: request.currency,
          status: 'processing',
        },
        inTime,
      );
      if (!row) throw new PayoutRefusedError('request_expired');
      webhooks.later(DEV_SETTLE_MS, () => webhooks.settlePayout(row.ref, 'succeeded'));
      return { providerRef: row.ref };
    },

    async findPayout(invoiceId) {
      const row = await repo.findPaymentByInvoice('payout', invoiceId);
      return row ? { providerRef: row.ref } : null;
    },

    verifyWebhook(rawBody, headers) {
      const header = headers[SIGNATURE_HEADER];
      const problem = checkWebhookSignature(
        deps.webhookSecret,
        rawBody,
        Array.isArray(header) ? header[0] : header,
        webhooks.nowSeconds(),
      );
      if (problem) throw new WebhookRejectedError('signature', `Webhook signature ${problem}`);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejectedError('payload', 'The webhook body is not JSON');
      }
      const parsed = webhookEventSchema.safeParse(json);
      if (!parsed.success) {
        throw new WebhookRejectedError('payload', 'The webhook body is not a payment event');
      }
      return parsed.data;
    },
  };
}
