import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from '../payment/payment-provider.ts';
import { SANDBOX_BASE_PATH, SANDBOX_PROVIDER } from './payment-sandbox.fns.ts';
import { createPaymentSandboxRepo } from './payment-sandbox.repo.ts';
import { paymentSandboxRoutes } from './payment-sandbox.routes.ts';
import { createPaymentSandbox } from './payment-sandbox.service.ts';

/**
 * The sandbox payment provider (docs/decisions/011) when sandboxes are on: its cashier pages
 * under /sandbox-cashier, and the provider the payment module is handed. Null otherwise.
 */
export async function wirePaymentSandbox(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** The app's clock (a test's moves it): the sandbox's deadlines and signatures follow it. */
  now?: () => Date;
}): Promise<PaymentProvider | null> {
  const { app, config, db } = deps;
  if (!config.paymentSandbox) return null;
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
    now: deps.now,
  });
  app.addHook('onClose', async () => sandbox.close());
  await app.register(
    paymentSandboxRoutes(sandbox, { siteOrigin: new URL(config.publicUrl).origin }),
    { prefix: SANDBOX_BASE_PATH },
  );
  if (config.nodeEnv === 'production') {
    app.log.warn('SANDBOX is on: the sandbox payment provider accepts test cards for real coins');
  }
  return sandbox.provider;
}
