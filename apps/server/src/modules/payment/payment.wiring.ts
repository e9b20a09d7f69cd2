import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createIdempotencyRepo } from '../../platform/idempotency/idempotency.repo.ts';
import { createIdempotency } from '../../platform/idempotency/idempotency.ts';
import { createLedgerRepo } from '../ledger/ledger.repo.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { createPaymentSandboxRepo } from '../payment-sandbox/payment-sandbox.repo.ts';
import { SANDBOX_BASE_PATH, SANDBOX_PROVIDER } from '../payment-sandbox/payment-sandbox.fns.ts';
import { paymentSandboxRoutes } from '../payment-sandbox/payment-sandbox.routes.ts';
import { createPaymentSandbox } from '../payment-sandbox/payment-sandbox.service.ts';
import { createLimitsRepo } from '../player/limits.repo.ts';
import { createShopRepo } from '../shop/shop.repo.ts';
import { shopRoutes } from '../shop/shop.routes.ts';
import { createShopService } from '../shop/shop.service.ts';
import { createWalletRepo } from '../wallet/wallet.repo.ts';
import { createBigDepositAlerts } from './big-deposit-alert.ts';
import { createPayerRepo } from './payer.repo.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentRepo } from './payment.repo.ts';
import { paymentRoutes, paymentWebhookRoutes } from './payment.routes.ts';
import { createPaymentService } from './payment.service.ts';
import { createSettlement } from './settlement.service.ts';
import { createWebhookService, type PayoutEventHandler } from './webhook.service.ts';

/** Without the sandbox and without a configured provider, paying answers 503. */
function unconfiguredProvider(): PaymentProvider {
  const refuse = () =>
    Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'No payment provider is configured'));
  return {
    name: 'none',
    openCashierSession: refuse,
    listSavedMethods: refuse,
    createCardPayment: refuse,
    createCryptoDeposit: refuse,
    createPayout: refuse,
    verifyWebhook: () => {
      throw new AppError('NOT_FOUND', 'No payment provider is configured');
    },
  };
}

/**
 * The payments part of the composition root: the provider (the sandbox under /sandbox-cashier
 * when sandboxes are on), shop, invoices, settlement, webhooks. Returns the /api plugin.
 */
export async function wirePayments(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  onPayoutEvent: PayoutEventHandler;
  now?: () => Date;
}): Promise<{ provider: PaymentProvider; routes: FastifyPluginAsyncZod }> {
  const { app, config, db } = deps;
  let provider = unconfiguredProvider();
  if (config.paymentSandbox) {
    const sandbox = createPaymentSandbox({
      repo: createPaymentSandboxRepo(db),
      webhookSecret: config.paymentSandbox.webhookSecret,
      publicUrl: config.publicUrl,
      // In process, like the sandbox identity provider: PUBLIC_URL may not resolve from inside.
      deliver: async (rawBody, headers) =>
        (
          await app.inject({
            method: 'POST',
            url: `/api/payment/webhooks/${SANDBOX_PROVIDER}`,
            headers,
            payload: rawBody,
          })
        ).statusCode,
      devTimers: config.nodeEnv === 'development',
      onDeliveryFailure: (err, event) =>
        app.log.error({ err, eventId: event.id }, 'sandbox payment webhook not delivered'),
    });
    app.addHook('onClose', async () => sandbox.close());
    await app.register(
      paymentSandboxRoutes(sandbox, { siteOrigin: new URL(config.publicUrl).origin }),
      { prefix: SANDBOX_BASE_PATH },
    );
    provider = sandbox.provider;
    if (config.nodeEnv === 'production') {
      app.log.warn('SANDBOX is on: the sandbox payment provider accepts test cards for real coins');
    }
  }

  const payers = createPayerRepo(db);
  const repo = createPaymentRepo(db);
  const shopRepo = createShopRepo(db);
  const alerts = createBigDepositAlerts({
    repo,
    payers,
    slackWebhookUrl: config.slackWebhookUrl,
    onDeliveryFailure: (err, alertId) =>
      app.log.error({ err, alertId }, 'big-deposit alert not delivered'),
  });
  const settlement = createSettlement({
    ledger: createLedgerService({ repo: createLedgerRepo(db) }),
    wallet: createWalletRepo(db),
    invoices: repo,
    purchases: shopRepo,
    payers,
    alerts,
  });
  const payments = createPaymentService({
    repo,
    payers,
    purchases: shopRepo,
    limits: createLimitsRepo(db),
    settlement,
    alerts,
    provider,
    publicUrl: config.publicUrl,
    now: deps.now,
  });
  const webhooks = createWebhookService({
    repo,
    payers,
    settlement,
    alerts,
    providers: [provider],
    onPayoutEvent: deps.onPayoutEvent,
  });
  const idempotency = createIdempotency({ repo: createIdempotencyRepo(db) });
  const shop = createShopService({ repo: shopRepo, payers });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(shopRoutes(shop, idempotency, deps.requireAuth), { prefix: '/shop' });
    await api.register(paymentRoutes(payments, idempotency, deps.requireAuth), {
      prefix: '/payment',
    });
    await api.register(paymentWebhookRoutes(webhooks), { prefix: '/payment' });
  };
  return { provider, routes };
}
