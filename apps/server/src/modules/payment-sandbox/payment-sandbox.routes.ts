import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directCashierPaymentMethodBodySchema,
  directCashierPaymentMethodResultSchema,
} from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import type { SandboxPaymentRow } from './payment-sandbox.repo.ts';
import type { PaymentSandbox } from './payment-sandbox.service.ts';
import {
  pageCsp,
  renderChallengePage,
  renderResultPage,
  type ThreeDsMessage,
} from './payment-sandbox.pages.ts';

const tags = ['payment-sandbox'];
const refParams = z.object({ ref: z.string().min(1).max(100) });
// The payment's key from the link the platform gave its owner; without the right one: 404.
const keyQuery = z.object({
  key: z.string().max(100).optional().describe('The payment’s key, from the link its owner got'),
});
const addressParams = z.object({ address: z.string().min(1).max(100) });
const simulatedSchema = z.object({
  ref: z.string(),
  invoiceId: z.string(),
  status: z.string(),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int().nullable(),
});
const toSimulated = (row: SandboxPaymentRow) => ({
  ref: row.ref,
  invoiceId: row.invoiceId,
  status: row.status,
  confirmations: row.confirmations,
  confirmationsRequired: row.confirmationsRequired,
});
const threeDsForm = z
  .object({ decision: z.string().optional(), code: z.string().optional() })
  .catchall(z.unknown());

function statusOf(row: SandboxPaymentRow): ThreeDsMessage['status'] {
  if (row.status === 'succeeded') return 'success';
  if (row.status === 'declined' || row.status === 'canceled') return 'fail';
  return 'processing';
}

const formatAmount = (row: SandboxPaymentRow) => `${(row.amount / 100).toFixed(2)} ${row.currency}`;

/**
 * The sandbox provider's own surface, under its base path (the cashier "origin"): DirectCashier,
 * the hosted 3-D Secure page, and simulators for what a bank or a blockchain would do.
 */
export function paymentSandboxRoutes(
  sandbox: PaymentSandbox,
  options: { siteOrigin: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** A hosted page: its own strict policy, framable by the site (no X-Frame-Options). */
    const page = (reply: FastifyReply, html: (nonce: string) => string, status = 200) => {
      const nonce = randomBytes(16).toString('base64');
      reply.raw.removeHeader('x-frame-options');
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', pageCsp(nonce, options.siteOrigin))
        .send(html(nonce));
    };

    app.post(
      '/DirectCashier/PaymentMethod',
      {
        schema: {
          tags,
          summary:
            'Save a card (Luhn-checked; kept as a token with brand, last4, expiry) or remove one',
          description:
            'Authenticated by the cashier token of GET /api/payment/methods/purchase in the body.',
          body: directCashierPaymentMethodBodySchema,
          response: { 200: directCashierPaymentMethodResultSchema },
        },
      },
      (request) => sandbox.directCashier(request.body),
    );

    app.get(
      '/3ds/:ref',
      { schema: { hide: true, params: refParams, querystring: keyQuery } },
      async (request, reply) => {
        const key = request.query.key;
        const payment = await sandbox.findPayment(request.params.ref, key);
        if (!payment || payment.kind !== 'card' || !key) throw AppError.notFound('Payment');
        if (payment.status !== 'requires_action') {
          return page(reply, (nonce) =>
            renderResultPage({
              nonce,
              message: {
                type: 'coinfall:3ds',
                invoiceId: payment.invoiceId,
                status: statusOf(payment),
              },
              siteOrigin: options.siteOrigin,
              returnUrl: returnUrlOf(payment),
            }),
          );
        }
        return page(reply, (nonce) =>
          renderChallengePage({
            nonce,
            paymentRef: payment.ref,
            paymentKey: key,
            amount: formatAmount(payment),
            prefilled: payment.challenge === 'prefilled',
          }),
        );
      },
    );

    app.post(
      '/3ds/:ref',
      { schema: { hide: true, params: refParams, querystring: keyQuery, body: threeDsForm } },
      async (request, reply) => {
        const key = request.query.key;
        const outcome = await sandbox.completeThreeDs(request.params.ref, key, request.body);
        if (!outcome || !key) throw AppError.notFound('Payment');
        const { payment } = outcome;
        if (outcome.kind === 'wrong_code') {
          return page(
            reply,
            (nonce) =>
              renderChallengePage({
                nonce,
                paymentRef: payment.ref,
                paymentKey: key,
                amount: formatAmount(payment),
                prefilled: false,
                problem: 'That code is not right. Try again, or choose Fail.',
              }),
            400,
          );
        }
        const message: ThreeDsMessage = {
          type: 'coinfall:3ds',
          invoiceId: payment.invoiceId,
          status: statusOf(payment),
        };
        const returnUrl = returnUrlOf(payment);
        // A top-level navigation goes straight back to the site; framed, the page posts a message.
        if (request.headers['sec-fetch-dest'] === 'document') return reply.redirect(returnUrl, 303);
        return page(reply, (nonce) =>
          renderResultPage({ nonce, message, siteOrigin: options.siteOrigin, returnUrl }),
        );
      },
    );

    app.post(
      '/payments/:ref/settle',
      {
        schema: {
          tags,
          summary: 'Simulate the bank settling a processing card payment (sends the webhook)',
          description: 'Needs the payment’s key; 404 for a guessed reference or a wrong key.',
          params: refParams,
          querystring: keyQuery,
          body: z.object({ outcome: z.enum(['succeeded', 'declined']).default('succeeded') }),
          response: { 200: simulatedSchema },
        },
      },
      async (request) =>
        toSimulated(
          await sandbox.settlePayment(request.params.ref, request.query.key, request.body.outcome),
        ),
    );

    app.post(
      '/payouts/:ref/settle',
      {
        schema: {
          tags,
          summary:
            'Simulate a payout completing or failing (sends payout.succeeded / payout.failed)',
          description: 'Needs the payout’s key; 404 for a guessed reference or a wrong key.',
          params: refParams,
          querystring: keyQuery,
          body: z.object({ outcome: z.enum(['succeeded', 'failed']).default('succeeded') }),
          response: { 200: simulatedSchema },
        },
      },
      async (request) =>
        toSimulated(
          await sandbox.settlePayout(request.params.ref, request.query.key, request.body.outcome),
        ),
    );

    app.post(
      '/crypto/:address/transfer',
      {
        schema: {
          tags,
          summary: 'Simulate the incoming transfer of the invoice amount (0 confirmations)',
          description: 'The address is the one the deposit’s owner was given; 404 for any other.',
          params: addressParams,
          response: { 200: simulatedSchema },
        },
      },
      async (request) => toSimulated(await sandbox.transferCrypto(request.params.address)),
    );

    app.post(
      '/crypto/:address/confirm',
      {
        schema: {
          tags,
          summary: 'Simulate one more block confirmation (crypto.confirmation webhook)',
          params: addressParams,
          response: { 200: simulatedSchema },
        },
      },
      async (request) => toSimulated(await sandbox.confirmCrypto(request.params.address)),
    );
  };
}

/**
 * The site's return page with the outcome, as a top-level navigation lands on it: a `{status}`
 * in the return URL is filled in, and invoiceId and status are added to its query.
 */
function returnUrlOf(payment: SandboxPaymentRow): string {
  const status = statusOf(payment);
  const given = (payment.returnUrl ?? '/').replaceAll('{status}', status);
  const url = new URL(given, 'http://invalid');
  url.searchParams.set('invoiceId', payment.invoiceId);
  url.searchParams.set('status', status);
  return payment.returnUrl && /^https?:/.test(given)
    ? url.toString()
    : `${url.pathname}${url.search}`;
}
