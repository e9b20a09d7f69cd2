import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDepositInvoiceBodySchema,
  createPurchaseInvoiceBodySchema,
  idempotencyHeadersSchema,
  invoiceIdParamsSchema,
  invoiceSchema,
  paymentMethodListSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { respondIdempotent, type Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { PaymentService } from './payment.service.ts';
import type { WebhookService } from './webhook.service.ts';

const tags = ['payment'];
const security = [{ bearerAuth: [] }];
const idempotent =
  'Idempotent by the Idempotency-Key header: a retry answers the first result byte for byte; ' +
  'the same key with another body is 409.';

/** Spec §7 Payment: purchase methods and money-in invoices of the logged-in player. */
export function paymentRoutes(
  payments: PaymentService,
  idempotency: Idempotency,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/methods/purchase',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Saved cards, “add a card”, crypto deposit methods and a cashier session',
          description:
            '401 PAYMENT_SESSION_REFUSED with details.errorCode 13102 when the provider refuses ' +
            'the cashier session (the site shows its error 11002).',
          response: { 200: paymentMethodListSchema },
        },
      },
      (request) => payments.listPurchaseMethods(actorOf(request)),
    );

    app.post(
      '/invoices/purchase',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Pay a bundle purchase with a saved card',
          description:
            `${idempotent} Pending with nextAction redirect (3-D Secure), 4 processing, ` +
            '2 success; a decline is 402 PAYMENT_DECLINED (details.failureCode, details.invoice); ' +
            'over a purchase limit 409 LIMIT_EXCEEDED.',
          headers: idempotencyHeadersSchema,
          body: createPurchaseInvoiceBodySchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request, reply) =>
        respondIdempotent(idempotency, request, reply, 'payment.invoice.purchase', (actor) =>
          payments.createPurchaseInvoice(actor, request.body),
        ),
    );

    app.post(
      '/invoices/deposit',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Deposit by saved card (USD) or crypto (BTC, ETH: nextAction crypto_address)',
          description: `${idempotent} Declines and limits answer as for purchase invoices.`,
          headers: idempotencyHeadersSchema,
          body: createDepositInvoiceBodySchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request, reply) =>
        respondIdempotent(idempotency, request, reply, 'payment.invoice.deposit', (actor) =>
          payments.createDepositInvoice(actor, request.body),
        ),
    );

    app.put(
      '/invoices/:id/cancel',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Cancel your own purchase or deposit that is still open (asks the provider)',
          description:
            'Idempotent: a payment you canceled answers again (status 3, failureCode ' +
            'canceled_by_player). If the provider had completed it, it is credited and answered ' +
            '(status 2). 404 for another player’s invoice or a payout; 409 ' +
            'INVOICE_NOT_CANCELABLE (details.reason final | processing, details.invoice); 503 ' +
            'when the provider cannot be reached (nothing changed).',
          params: invoiceIdParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      (request) => payments.cancelInvoice(actorOf(request), request.params.id),
    );
  };
}

export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'ignored', 'unknown_invoice', 'duplicate']),
});

/**
 * POST /webhooks/:provider — signed by the provider, so no session. The body is kept as the
 * exact string received: the signature covers those bytes, not a re-serialisation.
 */
export function paymentWebhookRoutes(webhooks: WebhookService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    app.post(
      '/webhooks/:provider',
      {
        schema: {
          tags,
          summary: 'Provider webhook (signed; duplicates and stale events change nothing)',
          description: '401 on a missing, stale or wrong signature; 400 on an unreadable event.',
          params: z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/) }),
          body: z.string(),
          response: { 200: webhookAnswerSchema },
        },
      },
      async (request) => ({
        received: true as const,
        outcome: await webhooks.receive(request.params.provider, request.body, request.headers),
      }),
    );
  };
}
