import { randomBytes } from 'node:crypto';
import {
  PAYMENT_SESSION_REFUSED_CODE,
  type DirectCashierPaymentMethodBody,
  type PaymentMethod,
} from '@coinfall/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import {
  CashierSessionRefusedError,
  WebhookRejectedError,
  type PaymentProvider,
  type ProviderCustomer,
  type WebhookEvent,
} from '../payment/payment-provider.ts';
import {
  CASHIER_REFUSED_EMAIL_SUFFIX,
  CASHIER_TOKEN_TTL_SECONDS,
  CRYPTO_NETWORKS,
  DECLINE_CODES,
  SANDBOX_BASE_PATH,
  SANDBOX_PROVIDER,
  SIGNATURE_HEADER,
  THREE_DS_CODE,
  cardBehaviour,
  type CardBehaviour,
  cardBrand,
  checkWebhookSignature,
  cryptoAddress,
  isExpired,
  passesLuhn,
  signCashierToken,
  signWebhook,
  verifyCashierToken,
} from './payment-sandbox.fns.ts';
import type {
  PaymentSandboxRepo,
  SandboxMethodRow,
  SandboxPaymentRow,
} from './payment-sandbox.repo.ts';

/** Card amounts the sandbox accepts, USD cents. */
const CARD_MIN = 100;
const CARD_MAX = 1_000_000;
/** Dev-only timers: a processing card settles, a crypto transfer gathers confirmations. */
const DEV_SETTLE_MS = 5_000;
const DEV_CONFIRM_MS = 3_000;
const DELIVERY_ATTEMPTS = 3;

const webhookEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum([
    'payment.processing',
    'payment.succeeded',
    'payment.declined',
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
});

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

function toSavedMethod(row: SandboxMethodRow): PaymentMethod {
  const brand = row.brand.charAt(0).toUpperCase() + row.brand.slice(1);
  const expiry = `${String(row.expiryMonth).padStart(2, '0')}/${row.expiryYear}`;
  return {
    id: row.id,
    type: 'card',
    name: `${brand} •••• ${row.last4}`,
    currencies: ['USD'],
    minAmount: CARD_MIN,
    maxAmount: CARD_MAX,
    fields: [
      { name: 'brand', value: row.brand },
      { name: 'last4', value: row.last4 },
      { name: 'expiry', value: expiry },
      { name: 'holder', value: row.holderName },
    ],
  };
}

export type ThreeDsOutcome =
  { kind: 'done'; payment: SandboxPaymentRow } | { kind: 'wrong_code'; payment: SandboxPaymentRow };

/**
 * The built-in payment provider. It keeps its own tables, answers like an acquirer (3-D Secure
 * on a hosted page, asynchronous outcomes, crypto confirmations) and tells us what happened only
 * through signed webhooks, delivered in process (`deliver`) in order, each once, with retries
 * on failure. Tests duplicate and reorder deliveries themselves.
 */
export function createPaymentSandbox(deps: {
  repo: PaymentSandboxRepo;
  webhookSecret: string;
  publicUrl: string;
  /** Posts a signed delivery to /api/payment/webhooks/sandbox; answers the HTTP status. */
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<number>;
  /** Development: settle processing cards and confirm crypto transfers on timers. */
  devTimers: boolean;
  onDeliveryFailure: (err: unknown, event: WebhookEvent) => void;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const timers = new Set<NodeJS.Timeout>();
  const baseUrl = `${deps.publicUrl}${SANDBOX_BASE_PATH}`;

  function later(ms: number, work: () => Promise<unknown>) {
    if (!deps.devTimers) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      work().catch(() => undefined);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function eventOf(payment: SandboxPaymentRow, type: WebhookEvent['type']): WebhookEvent {
    return {
      id: `evt_${payment.ref}_${payment.sequence}`,
      type,
      providerRef: payment.ref,
      invoiceId: payment.invoiceId,
      amount: payment.amount,
      currency: payment.currency,
      sequence: payment.sequence,
      occurredAt: payment.updatedAt.toISOString(),
      ...(payment.declineCode ? { declineCode: payment.declineCode } : {}),
      ...(payment.kind === 'crypto' ? { confirmations: payment.confirmations } : {}),
    };
  }

  /** Signs and delivers; a 5xx or a network failure is retried, a 4xx is final. */
  async function send(event: WebhookEvent): Promise<void> {
    const rawBody = JSON.stringify(event);
    let lastError: unknown = null;
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
      try {
        const status = await deps.deliver(rawBody, {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(deps.webhookSecret, rawBody, nowSeconds()),
        });
        if (status < 500) {
          if (status >= 400) deps.onDeliveryFailure(new Error(`webhook answered ${status}`), event);
          return;
        }
        lastError = new Error(`webhook answered ${status}`);
      } catch (err) {
        lastError = err;
      }
    }
    deps.onDeliveryFailure(lastError, event);
  }

  async function settleCard(
    ref: string,
    outcome: 'succeeded' | 'declined',
    declineCode = 'card_declined',
  ): Promise<SandboxPaymentRow | undefined> {
    const moved = await repo.move(ref, ['processing', 'requires_action'], {
      status: outcome,
      declineCode: outcome === 'declined' ? declineCode : null,
    });
    if (moved) {
      await send(
        eventOf(moved, outcome === 'succeeded' ? 'payment.succeeded' : 'payment.declined'),
      );
    }
    return moved;
  }

  async function confirmCrypto(address: string): Promise<SandboxPaymentRow> {
    const payment = await repo.findPaymentByAddress(address);
    if (!payment) throw AppError.notFound('Address');
    const required = payment.confirmationsRequired ?? 1;
    if (payment.status !== 'processing') {
      throw new AppError('CONFLICT', `Nothing to confirm: the deposit is ${payment.status}`);
    }
    const confirmations = payment.confirmations + 1;
    const moved = await repo.move(payment.ref, ['processing'], {
      confirmations,
      status: confirmations >= required ? 'succeeded' : 'processing',
    });
    if (!moved) throw new AppError('CONFLICT', 'The deposit changed meanwhile; try again');
    await send(eventOf(moved, 'crypto.confirmation'));
    if (moved.status === 'processing') later(DEV_CONFIRM_MS, () => confirmCrypto(address));
    return moved;
  }

  const provider: PaymentProvider = {
    name: SANDBOX_PROVIDER,

    async openCashierSession(customer: ProviderCustomer) {
      const local = (customer.email ?? '').split('@')[0] ?? '';
      if (local.endsWith(CASHIER_REFUSED_EMAIL_SUFFIX)) {
        throw new CashierSessionRefusedError(PAYMENT_SESSION_REFUSED_CODE);
      }
      const exp = nowSeconds() + CASHIER_TOKEN_TTL_SECONDS;
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
      if (existing) return startOf(existing);
      const method = await repo.findMethod(request.customer.playerId, request.methodId);
      const behaviour = (method?.behaviour ?? 'decline') as CardBehaviour;
      const base = {
        ref: newId('pay'),
        kind: 'card' as const,
        invoiceId: request.invoiceId,
        customerId: request.customer.playerId,
        methodId: request.methodId,
        amount: request.amount,
        currency: request.currency,
        returnUrl: request.returnUrl,
      };
      if (!method) {
        return startOf(
          await repo.insertPayment({
            ...base,
            status: 'declined',
            declineCode: 'payment_method_not_found',
          }),
        );
      }
      if (request.amount < CARD_MIN || request.amount > CARD_MAX || request.currency !== 'USD') {
        return startOf(
          await repo.insertPayment({
            ...base,
            status: 'declined',
            declineCode: 'amount_not_allowed',
          }),
        );
      }
      switch (behaviour) {
        case 'three_ds':
        case 'three_ds_typed':
          return startOf(
            await repo.insertPayment({
              ...base,
              status: 'requires_action',
              challenge: behaviour === 'three_ds' ? 'prefilled' : 'typed',
            }),
          );
        case 'decline':
        case 'insufficient_funds':
          return startOf(
            await repo.insertPayment({
              ...base,
              status: 'declined',
              declineCode: DECLINE_CODES[behaviour] ?? 'card_declined',
            }),
          );
        case 'processing': {
          const row = await repo.insertPayment({ ...base, status: 'processing' });
          later(DEV_SETTLE_MS, () => settleCard(row.ref, 'succeeded'));
          return startOf(row);
        }
        case 'succeed':
          return startOf(await repo.insertPayment({ ...base, status: 'succeeded' }));
      }
    },

    async createCryptoDeposit(request) {
      const net = CRYPTO_NETWORKS[request.currency];
      if (!net) throw new Error(`sandbox: no ${request.currency} network`);
      const existing = await repo.findPaymentByInvoice('crypto', request.invoiceId);
      const row =
        existing ??
        (await repo.insertPayment({
          ref: newId('dep'),
          kind: 'crypto',
          invoiceId: request.invoiceId,
          customerId: request.customer.playerId,
          amount: request.amount,
          currency: request.currency,
          status: 'awaiting_transfer',
          address: cryptoAddress(request.currency, request.invoiceId),
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

    async createPayout(request) {
      const existing = await repo.findPaymentByInvoice('payout', request.invoiceId);
      const row =
        existing ??
        (await repo.insertPayment({
          ref: newId('po'),
          kind: 'payout',
          invoiceId: request.invoiceId,
          customerId: request.customer.playerId,
          methodId: request.methodId,
          amount: request.amount,
          currency: request.currency,
          status: 'processing',
        }));
      if (!existing) later(DEV_SETTLE_MS, () => settlePayout(row.ref, 'succeeded'));
      return { providerRef: row.ref };
    },

    verifyWebhook(rawBody, headers) {
      const header = headers[SIGNATURE_HEADER];
      const problem = checkWebhookSignature(
        deps.webhookSecret,
        rawBody,
        Array.isArray(header) ? header[0] : header,
        nowSeconds(),
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

  function startOf(row: SandboxPaymentRow) {
    switch (row.status) {
      case 'requires_action':
        return {
          providerRef: row.ref,
          status: 'requires_action' as const,
          redirectUrl: `${baseUrl}/3ds/${row.ref}`,
        };
      case 'declined':
        return {
          providerRef: row.ref,
          status: 'declined' as const,
          declineCode: row.declineCode ?? 'card_declined',
        };
      case 'succeeded':
        return { providerRef: row.ref, status: 'succeeded' as const };
      case 'processing':
      case 'awaiting_transfer':
        return { providerRef: row.ref, status: 'processing' as const };
    }
  }

  async function settlePayout(ref: string, outcome: 'succeeded' | 'failed') {
    const moved = await repo.move(ref, ['processing'], {
      status: outcome === 'succeeded' ? 'succeeded' : 'declined',
      declineCode: outcome === 'failed' ? 'payout_failed' : null,
    });
    if (moved)
      await send(eventOf(moved, outcome === 'succeeded' ? 'payout.succeeded' : 'payout.failed'));
    return moved;
  }

  const customerOf = (token: string): string => {
    const customer = verifyCashierToken(deps.webhookSecret, token, nowSeconds());
    if (!customer) throw new AppError('UNAUTHENTICATED', 'The cashier token is not valid');
    return customer;
  };

  return {
    provider,

    /** POST {base}/DirectCashier/PaymentMethod: save (Luhn-checked, tokenised) or remove. */
    async directCashier(body: DirectCashierPaymentMethodBody) {
      const customerId = customerOf(body.token);
      if (body.action === 'remove') {
        if (!(await repo.removeMethod(customerId, body.methodId))) {
          throw AppError.notFound('Payment method');
        }
        return { methodId: body.methodId, fields: [] };
      }
      if (!passesLuhn(body.cardNumber)) {
        throw AppError.invalid('body.cardNumber', 'This is not a valid card number');
      }
      if (isExpired(body.expiryMonth, body.expiryYear, now())) {
        throw AppError.invalid('body.expiryYear', 'This card has expired');
      }
      const row = await repo.insertMethod({
        id: newId('pm'),
        customerId,
        cardToken: newId('tok'),
        brand: cardBrand(body.cardNumber),
        last4: body.cardNumber.slice(-4),
        expiryMonth: body.expiryMonth,
        expiryYear: body.expiryYear,
        holderName: body.holderName,
        // The behaviour of a test card is what a real token would stand for: its number.
        behaviour: cardBehaviour(body.cardNumber),
      });
      return { methodId: row.id, fields: toSavedMethod(row).fields };
    },

    findPayment: (ref: string) => repo.findPayment(ref),

    /** The hosted 3-D Secure step: the right code approves, Fail (or no approval) declines. */
    async completeThreeDs(
      ref: string,
      form: { decision?: string; code?: string },
    ): Promise<ThreeDsOutcome | null> {
      const payment = await repo.findPayment(ref);
      if (!payment || payment.kind !== 'card') return null;
      if (payment.status !== 'requires_action') return { kind: 'done', payment };
      if (form.decision === 'approve' && form.code?.trim() !== THREE_DS_CODE) {
        return { kind: 'wrong_code', payment };
      }
      const outcome = form.decision === 'approve' ? 'succeeded' : 'declined';
      await settleCard(ref, outcome, 'authentication_failed');
      const after = await repo.findPayment(ref);
      return { kind: 'done', payment: after ?? payment };
    },

    /** Tests and the dev page: a processing card payment settles now. */
    async settlePayment(ref: string, outcome: 'succeeded' | 'declined') {
      const payment = await repo.findPayment(ref);
      if (!payment || payment.kind !== 'card') throw AppError.notFound('Payment');
      if (payment.status !== 'processing') {
        throw new AppError('CONFLICT', `The payment is ${payment.status}, not processing`);
      }
      const moved = await settleCard(ref, outcome);
      if (!moved) throw new AppError('CONFLICT', 'The payment changed meanwhile');
      return moved;
    },

    async settlePayout(ref: string, outcome: 'succeeded' | 'failed') {
      const payment = await repo.findPayment(ref);
      if (!payment || payment.kind !== 'payout') throw AppError.notFound('Payout');
      const moved = await settlePayout(ref, outcome);
      if (!moved) throw new AppError('CONFLICT', `The payout is ${payment.status}`);
      return moved;
    },

    /** The money reaches the address: seen on chain with 0 confirmations. */
    async transferCrypto(address: string) {
      const payment = await repo.findPaymentByAddress(address);
      if (!payment) throw AppError.notFound('Address');
      const moved = await repo.move(payment.ref, ['awaiting_transfer'], { status: 'processing' });
      if (!moved) throw new AppError('CONFLICT', 'A transfer to this address was seen already');
      await send(eventOf(moved, 'crypto.confirmation'));
      later(DEV_CONFIRM_MS, () => confirmCrypto(address));
      return moved;
    },

    confirmCrypto,

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type PaymentSandbox = ReturnType<typeof createPaymentSandbox>;
