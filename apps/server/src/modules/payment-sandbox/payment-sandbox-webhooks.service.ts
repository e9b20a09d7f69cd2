import { AppError } from '../../platform/errors.ts';
import type { CancellationReason, WebhookEvent } from '../payment/payment-provider.ts';
import { SIGNATURE_HEADER, signWebhook } from './payment-sandbox.fns.ts';
import type { PaymentSandboxRepo, SandboxPaymentRow } from './payment-sandbox.repo.ts';

/** Dev-only timers: a processing card settles, a crypto transfer gathers confirmations. */
export const DEV_SETTLE_MS = 5_000;
const DEV_CONFIRM_MS = 3_000;
const DELIVERY_ATTEMPTS = 3;

export interface SandboxWebhooksDeps {
  repo: Pick<PaymentSandboxRepo, 'move' | 'findPaymentByAddress' | 'forgetUnprovenMethod'>;
  webhookSecret: string;
  /** Posts a signed delivery to /api/payment/webhooks/sandbox; answers the HTTP status. */
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<number>;
  /** Development: settle processing cards and confirm crypto transfers on timers. */
  devTimers: boolean;
  onDeliveryFailure: (err: unknown, event: WebhookEvent) => void;
  now: () => Date;
}

/**
 * What the provider side and the cashier side of the sandbox share: a payment moves to its next
 * state and we hear of it only through a signed webhook, delivered in process in order, each
 * once, with retries on failure (tests duplicate and reorder deliveries themselves); in
 * development, timers make the moves a real acquirer or chain would make later.
 */
export function createSandboxWebhooks(deps: SandboxWebhooksDeps) {
  const { repo } = deps;
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);
  const timers = new Set<NodeJS.Timeout>();

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
      ...(payment.status === 'canceled'
        ? { cancellationReason: payment.declineCode as CancellationReason }
        : payment.declineCode
          ? { declineCode: payment.declineCode }
          : {}),
      ...(payment.kind === 'crypto' ? { confirmations: payment.confirmations } : {}),
    };
  }

  /** Signs and delivers; a 5xx or a network failure is retried, a 4xx is final. */
  async function send(payment: SandboxPaymentRow, type: WebhookEvent['type']): Promise<void> {
    const event = eventOf(payment, type);
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
    if (!moved) return moved;
    // A card declined (or failing 3-D Secure) before it ever paid is not kept on file; forgotten
    // before the webhook, so the player's list is right when the site hears of the decline.
    if (outcome === 'declined' && moved.methodId) await repo.forgetUnprovenMethod(moved.methodId);
    await send(moved, outcome === 'succeeded' ? 'payment.succeeded' : 'payment.declined');
    return moved;
  }

  /**
   * Cancels a card payment awaiting 3-D Secure or a deposit address no transfer reached, in one
   * conditional move (a concurrent approval or transfer wins or loses whole), and says so by
   * webhook like any other outcome. Undefined when it was not cancelable any more.
   */
  async function cancel(
    ref: string,
    reason: CancellationReason,
  ): Promise<SandboxPaymentRow | undefined> {
    const moved = await repo.move(ref, ['requires_action', 'awaiting_transfer'], {
      status: 'canceled',
      declineCode: reason,
    });
    if (moved) await send(moved, 'payment.canceled');
    return moved;
  }

  async function settlePayout(ref: string, outcome: 'succeeded' | 'failed') {
    const moved = await repo.move(ref, ['processing'], {
      status: outcome === 'succeeded' ? 'succeeded' : 'declined',
      declineCode: outcome === 'failed' ? 'payout_failed' : null,
    });
    if (moved) await send(moved, outcome === 'succeeded' ? 'payout.succeeded' : 'payout.failed');
    return moved;
  }

  /** One more confirmation of a crypto transfer; enough of them settle it. */
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
    await send(moved, 'crypto.confirmation');
    if (moved.status === 'processing') later(DEV_CONFIRM_MS, () => confirmCrypto(address));
    return moved;
  }

  /** The first sighting of a transfer (0 confirmations); the dev timer confirms it later. */
  async function seeTransfer(payment: SandboxPaymentRow, address: string): Promise<void> {
    await send(payment, 'crypto.confirmation');
    later(DEV_CONFIRM_MS, () => confirmCrypto(address));
  }

  return {
    later,
    settleCard,
    cancel,
    settlePayout,
    confirmCrypto,
    seeTransfer,
    nowSeconds,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type SandboxWebhooks = ReturnType<typeof createSandboxWebhooks>;
