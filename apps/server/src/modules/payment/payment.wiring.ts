import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { InvoiceRepo } from '../invoice/invoice.repo.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import type { CurrencyRatesRepo } from '../wallet/currency-rates.repo.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { LimitsRepo } from '../player/limits.repo.ts';
import type { ShopRepo } from '../shop/shop.repo.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import { createBigDepositAlerts } from './big-deposit-alert.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { unconfiguredProvider } from './unconfigured-provider.ts';
import { createPaymentRepo } from './payment.repo.ts';
import { paymentRoutes, paymentWebhookRoutes } from './payment.routes.ts';
import { createPaymentExpiry, type PaymentExpiry } from './payment-expiry.service.ts';
import { createPurchaseRefunds, type PurchaseRefunds } from './payment-refunds.service.ts';
import { createPaymentService, type PaymentDeps } from './payment.service.ts';
import { createPaymentSteps } from './use-cases/payment-steps.ts';
import { createSettlement, type CompletedPurchase } from './settlement.service.ts';
import { createWebhookService, type PayoutEventHandler } from './webhook.service.ts';

/**
 * Payments (docs/decisions/011): the provider (the sandbox under /sandbox-cashier when sandboxes
 * are on), purchase and deposit invoices, settlement, webhooks. Builds only its own module; the
 * kernel (ledger, idempotency, outbox, wallet, limits) and its neighbours' capabilities come in.
 */
export async function wirePayments(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  idempotency: Idempotency;
  ledger: Pick<LedgerService, 'post'>;
  outbox: OutboxRecorder;
  wallet: Pick<WalletService, 'accountIn'>;
  limits: Pick<LimitsRepo, 'listByPlayer'>;
  payers: PayerRepo;
  purchases: ShopRepo;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  onPayoutEvent: PayoutEventHandler;
  /** Runs in the transaction that completes a purchase (the bonus engine's matches, codes). */
  onPurchaseCompleted?: (tx: Database, purchase: CompletedPurchase) => Promise<void>;
  /** The payment provider; without one (no sandbox, none configured) paying answers 503. */
  provider: PaymentProvider | null;
  /** Invoice rows and currency rates, the invoice and wallet modules' repos. */
  invoiceRows: InvoiceRepo;
  rates: CurrencyRatesRepo;
  now?: () => Date;
}): Promise<{
  provider: PaymentProvider;
  routes: FastifyPluginAsyncZod;
  expiry: PaymentExpiry;
  refunds: PurchaseRefunds;
  /**
   * The outbox leader's periodic task: abandoned payments expire (decision 039), purchases
   * refused for an exclusion are refunded at the provider (decision 046).
   */
  housekeeping: () => Promise<void>;
}> {
  const { app, config, db } = deps;
  // The sandbox (payment-sandbox.wiring.ts) when sandboxes are on; a real provider by then.
  const provider = deps.provider ?? unconfiguredProvider();

  const { payers, purchases, outbox } = deps;
  const repo = createPaymentRepo(db, { invoiceRows: deps.invoiceRows, rates: deps.rates });
  const alerts = createBigDepositAlerts({
    repo,
    payers,
    slackWebhookUrl: config.slackWebhookUrl,
    onDeliveryFailure: (err, alertId) =>
      app.log.error({ err, alertId }, 'big-deposit alert not delivered'),
  });
  const settlement = createSettlement({
    ledger: deps.ledger,
    wallet: deps.wallet,
    invoices: repo,
    purchases,
    payers,
    credits: deps.credits,
    alerts,
    outbox,
    onPurchaseCompleted: deps.onPurchaseCompleted,
  });
  const paymentDeps: PaymentDeps = {
    repo,
    payers,
    purchases,
    limits: deps.limits,
    settlement,
    alerts,
    provider,
    outbox,
    publicUrl: config.publicUrl,
    now: deps.now,
  };
  const payments = createPaymentService(paymentDeps);
  const expiry = createPaymentExpiry({
    repo,
    purchases,
    outbox,
    payment: paymentDeps,
    steps: createPaymentSteps(paymentDeps),
    policy: config.paymentAbandon,
    now: deps.now ?? (() => new Date()),
    onProviderFailure: (err, invoiceId) =>
      app.log.warn({ err, invoiceId }, 'abandoned payment not canceled; the next run retries'),
  });
  const refunds = createPurchaseRefunds({
    repo,
    provider,
    now: deps.now ?? (() => new Date()),
    onProviderFailure: (err, invoiceId) =>
      app.log.warn({ err, invoiceId }, 'refused purchase not refunded; the next run retries'),
    onNotRefundable: (invoiceId, reason) =>
      app.log.error(
        { invoiceId, reason },
        'refused purchase the provider cannot refund: the operator must return it',
      ),
  });
  const webhooks = createWebhookService({
    repo,
    payers,
    settlement,
    alerts,
    providers: [provider],
    onPayoutEvent: deps.onPayoutEvent,
  });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(paymentRoutes(payments, deps.idempotency, deps.requireAuth), {
      prefix: '/payment',
    });
    await api.register(paymentWebhookRoutes(webhooks), { prefix: '/payment' });
  };
  return {
    provider,
    routes,
    expiry,
    refunds,
    housekeeping: async () => {
      const run = await expiry.run();
      if (run.checked > 0) app.log.info(run, 'abandoned payments checked');
      const refunded = await refunds.run();
      if (refunded.checked > 0) app.log.info(refunded, 'refused purchases refunded');
    },
  };
}
