import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createVirtualPayoutBodySchema,
  idempotencyHeadersSchema,
  invoiceIdParamsSchema,
  invoiceSchema,
  redeemableSchema,
  redeemLimitsQuerySchema,
  redeemLimitsSchema,
  w9BodySchema,
  w9StatusSchema,
  withdrawalMethodListSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { respondIdempotent, type Idempotency } from '../../platform/idempotency/idempotency.ts';
import { WITHDRAWAL_METHODS } from '../invoice/withdrawal-methods.fns.ts';
import type { PlaythroughService } from '../sweeps/playthrough.service.ts';
import type { RedemptionService } from './redemption.service.ts';
import type { W9Service } from './w9.service.ts';

/**
 * Redemptions, withdrawals, playthrough and W-9 (registered under /api; every route needs a
 * logged-in player). Full paths, since they sit under several spec prefixes.
 */
export function redemptionRoutes(deps: {
  redemptions: RedemptionService;
  playthrough: PlaythroughService;
  w9: W9Service;
  idempotency: Idempotency;
  requireAuth: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { redemptions, playthrough, w9, idempotency } = deps;
  return async (app) => {
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', deps.requireAuth);

    app.get(
      '/wallet/redeemable',
      {
        schema: {
          tags: ['wallet'],
          security,
          summary: 'Sweeps Coins redeemable now, what play still locks, and each credit’s progress',
          response: { 200: redeemableSchema },
        },
      },
      (request) => playthrough.redeemable(actorOf(request).playerId),
    );

    app.get(
      '/redeem-limits',
      {
        schema: {
          tags: ['payment'],
          security,
          summary: 'Whether this SC amount may be redeemed now, and every reason it may not',
          description: 'userId must be the caller (403 otherwise). Reads only.',
          querystring: redeemLimitsQuerySchema,
          response: { 200: redeemLimitsSchema },
        },
      },
      (request) => redemptions.limits(actorOf(request), request.query),
    );

    app.get(
      '/payment/methods/withdrawal',
      {
        schema: {
          tags: ['payment'],
          security,
          summary: 'The ways to be paid: bank (USD, SC) and crypto (BTC, ETH), with their limits',
          response: { 200: withdrawalMethodListSchema },
        },
      },
      () => ({ data: [...WITHDRAWAL_METHODS] }),
    );

    app.post(
      '/payment/invoices/virtual-payout',
      {
        schema: {
          tags: ['payment'],
          security,
          summary: 'Redeem Sweeps Coins (currency SC) or withdraw USD/BTC/ETH; funds held at once',
          description:
            'Needs an Idempotency-Key header: a retry answers the first result byte for byte. ' +
            'Refusals: ACCOUNT_BLOCKED, REDEMPTION_NOT_ALLOWED (SC only: the player’s place ' +
            'refuses redemptions, after any wind-down; details.country, region, source), ' +
            'VERIFICATION_REQUIRED (details.missing), W9_REQUIRED, ' +
            '400 naming body.amount (method minimum/maximum), INSUFFICIENT_FUNDS (over the ' +
            'redeemable SC), LIMIT_EXCEEDED (daily payout limit).',
          headers: idempotencyHeadersSchema,
          body: createVirtualPayoutBodySchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request, reply) =>
        respondIdempotent(idempotency, request, reply, 'payment.virtual-payout', (actor) =>
          redemptions.createPayout(actor, request.body),
        ),
    );

    app.put(
      '/payment/invoices/:id/decline',
      {
        schema: {
          tags: ['payment'],
          security,
          summary: 'Take back your own pending withdrawal or redemption; the held funds return',
          description: '404 for another player’s invoice; 409 when not pending or not a payout.',
          params: invoiceIdParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      (request) => redemptions.decline(actorOf(request), request.params.id),
    );

    app.get(
      '/player/w9',
      {
        schema: {
          tags: ['player'],
          security,
          summary: 'Whether a W-9 is required and whether one is on file',
          response: { 200: w9StatusSchema },
        },
      },
      (request) => w9.status(actorOf(request)),
    );

    app.post(
      '/player/w9',
      {
        schema: {
          tags: ['player'],
          security,
          summary: 'File a W-9 (the TIN is kept only as a keyed hash and its last four digits)',
          body: w9BodySchema,
          response: { 200: w9StatusSchema },
        },
      },
      (request) => w9.submit(actorOf(request), request.body),
    );
  };
}
