import { InvoiceStatus } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import type { BigDepositAlerts } from './big-deposit-alert.ts';
import { isFinalInvoiceStatus, type InvoiceRow } from '../invoice/invoice.fns.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import { cancelFailureCode } from './payment-cancel.fns.ts';
import {
  WebhookRejectedError,
  type PaymentProvider,
  type WebhookEvent,
} from './payment-provider.ts';
import type { PaymentRepo } from './payment.repo.ts';
import type { Settled, Settlement } from './settlement.service.ts';

/** What a delivery did: recorded on payment_webhook_events and answered to the provider. */
export type WebhookOutcome = 'applied' | 'ignored' | 'unknown_invoice' | 'duplicate';

/** Payouts belong to redemptions: that module decides what a payout event does. */
export type PayoutEventHandler = (event: WebhookEvent) => Promise<'applied' | 'ignored'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Provider webhooks: verified, recorded once per (provider, event id), and applied only when
 * newer than what the invoice has seen — so duplicated, reordered or late deliveries change
 * nothing, and a badly signed one never reaches the database.
 */
export function createWebhookService(deps: {
  repo: PaymentRepo;
  payers: Pick<PayerRepo, 'lock'>;
  settlement: Settlement;
  alerts: BigDepositAlerts;
  providers: readonly PaymentProvider[];
  onPayoutEvent: PayoutEventHandler;
}) {
  const { repo } = deps;

  function verify(
    provider: PaymentProvider,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ) {
    try {
      return provider.verifyWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof WebhookRejectedError) {
        throw err.reason === 'signature'
          ? new AppError('UNAUTHENTICATED', err.message)
          : new AppError('BAD_REQUEST', err.message);
      }
      throw err;
    }
  }

  async function findInvoice(
    provider: string,
    event: WebhookEvent,
  ): Promise<InvoiceRow | undefined> {
    const byId = UUID.test(event.invoiceId) ? await repo.findInvoice(event.invoiceId) : undefined;
    if (byId?.provider === provider) return byId;
    return repo.findByProviderRef(provider, event.providerRef);
  }

  /** The change one payment event asks of an invoice; null when it asks for none. */
  async function apply(
    tx: Parameters<Settlement['settle']>[0],
    invoice: InvoiceRow,
    event: WebhookEvent,
  ): Promise<Settled | null> {
    const { settlement } = deps;
    const extra = invoice.providerRef ? {} : { providerRef: event.providerRef };
    switch (event.type) {
      case 'payment.processing':
        return settlement.settle(tx, invoice, { status: InvoiceStatus.Processing }, extra);
      case 'payment.succeeded':
        return settlement.settle(tx, invoice, { status: InvoiceStatus.Success }, extra);
      case 'payment.declined':
        return settlement.settle(
          tx,
          invoice,
          { status: InvoiceStatus.Rejected, failureCode: event.declineCode ?? 'declined' },
          extra,
        );
      case 'payment.canceled':
        return settlement.settle(
          tx,
          invoice,
          {
            status: InvoiceStatus.Rejected,
            failureCode: cancelFailureCode(event.cancellationReason ?? 'abandoned'),
          },
          extra,
        );
      case 'crypto.confirmation': {
        const action = invoice.nextAction;
        if (action?.type !== 'crypto_address') {
          // Nothing to count against (a deposit moved on without its address: never shown).
          if (invoice.status !== InvoiceStatus.Pending) return null;
          // The deposit's address (and how many confirmations it needs) is written once the
          // provider's answer is back; a confirmation that overtook it is refused whole (its claim
          // rolls back with this transaction), so the provider delivers it again.
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The deposit is not recorded in full yet: deliver this confirmation again',
          );
        }
        const confirmations = Math.max(action.confirmations, event.confirmations ?? 0);
        const nextAction = { ...action, confirmations };
        if (confirmations >= action.confirmationsRequired) {
          return settlement.settle(
            tx,
            invoice,
            { status: InvoiceStatus.Success },
            { ...extra, nextAction },
          );
        }
        if (invoice.status === InvoiceStatus.Pending) {
          return settlement.settle(
            tx,
            invoice,
            { status: InvoiceStatus.Processing },
            { ...extra, nextAction },
          );
        }
        await repo.updateInvoice(tx, invoice.id, { nextAction });
        return { invoice, changed: true, alert: null };
      }
      case 'payout.succeeded':
      case 'payout.failed':
        return null;
    }
  }

  async function handlePayout(provider: string, event: WebhookEvent): Promise<WebhookOutcome> {
    if (await repo.webhookEventSeen(provider, event.id)) return 'duplicate';
    // The handler must be idempotent itself (forward-only statuses): a concurrent duplicate may
    // reach it before either delivery is recorded.
    const outcome = await deps.onPayoutEvent(event);
    const invoice = await findInvoice(provider, event);
    const claimed = await repo.db.transaction((tx) =>
      repo.claimWebhookEvent(tx, {
        provider,
        eventId: event.id,
        type: event.type,
        invoiceId: invoice?.id ?? null,
        payload: { ...event },
        outcome,
      }),
    );
    return claimed ? outcome : 'duplicate';
  }

  return {
    async receive(
      providerName: string,
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookOutcome> {
      const provider = deps.providers.find((p) => p.name === providerName);
      if (!provider) throw AppError.notFound('Payment provider');
      const event = verify(provider, rawBody, headers);
      if (event.type === 'payout.succeeded' || event.type === 'payout.failed') {
        return handlePayout(provider.name, event);
      }
      const found = await findInvoice(provider.name, event);
      const record = (invoiceId: string | null, outcome: WebhookOutcome) => ({
        provider: provider.name,
        eventId: event.id,
        type: event.type,
        invoiceId,
        payload: { ...event },
        outcome,
      });
      if (!found) {
        const claimed = await repo.db.transaction((tx) =>
          repo.claimWebhookEvent(tx, record(null, 'unknown_invoice')),
        );
        return claimed ? 'unknown_invoice' : 'duplicate';
      }
      const result = await repo.db.transaction(async (tx) => {
        await deps.payers.lock(tx, found.playerId);
        const invoice = await repo.lockInvoice(tx, found.id);
        if (!invoice) throw new Error(`invoice ${found.id} vanished`);
        const lastSequence = await repo.lastAppliedSequence(tx, invoice.id);
        if (!(await repo.claimWebhookEvent(tx, record(invoice.id, 'ignored')))) {
          return { outcome: 'duplicate' as const, alert: null };
        }
        const stale =
          event.sequence <= lastSequence ||
          isFinalInvoiceStatus(invoice.status) ||
          (invoice.providerRef !== null && invoice.providerRef !== event.providerRef) ||
          event.amount !== invoice.amount ||
          event.currency !== invoice.currency;
        if (stale) return { outcome: 'ignored' as const, alert: null };
        const settled = await apply(tx, invoice, event);
        if (!settled?.changed) return { outcome: 'ignored' as const, alert: null };
        await repo.setWebhookOutcome(tx, provider.name, event.id, 'applied');
        return { outcome: 'applied' as const, alert: settled.alert };
      });
      await deps.alerts.deliver(result.alert);
      return result.outcome;
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
