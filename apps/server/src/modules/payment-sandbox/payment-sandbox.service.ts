import type { WebhookEvent } from '../payment/payment-provider.ts';
import { createSandboxCashier } from './payment-sandbox-cashier.service.ts';
import { SANDBOX_BASE_PATH } from './payment-sandbox.fns.ts';
import { createSandboxProvider } from './payment-sandbox.provider.ts';
import type { PaymentSandboxRepo } from './payment-sandbox.repo.ts';
import { createSandboxWebhooks } from './payment-sandbox-webhooks.service.ts';

/**
 * The built-in payment provider. It keeps its own tables, answers like an acquirer (3-D Secure
 * on a hosted page, asynchronous outcomes, crypto confirmations) and tells us what happened only
 * through signed webhooks. Two faces over one webhook sender: `provider`, what the platform
 * calls (payment-sandbox.provider.ts), and the cashier the browser calls
 * (payment-sandbox-cashier.service.ts).
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
  const now = deps.now ?? (() => new Date());
  const webhooks = createSandboxWebhooks({ ...deps, now });
  const { repo, webhookSecret } = deps;
  return {
    provider: createSandboxProvider({
      repo,
      webhooks,
      webhookSecret,
      baseUrl: `${deps.publicUrl}${SANDBOX_BASE_PATH}`,
    }),
    ...createSandboxCashier({ repo, webhooks, webhookSecret, now }),
    close: () => webhooks.close(),
  };
}
export type PaymentSandbox = ReturnType<typeof createPaymentSandbox>;
