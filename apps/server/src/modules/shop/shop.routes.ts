import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bundleListQuerySchema,
  bundleListSchema,
  bundlePurchaseListSchema,
  bundlePurchaseSchema,
  createPurchaseBodySchema,
  idempotencyHeadersSchema,
  purchaseListQuerySchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { respondIdempotent, type Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { ShopService } from './shop.service.ts';

const tags = ['shop'];
const security = [{ bearerAuth: [] }];

/** Spec §7 Shop. Bundles are public; purchases are the logged-in player's own. */
export function shopRoutes(
  shop: ShopService,
  idempotency: Idempotency,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bundles',
      {
        schema: {
          tags,
          summary: 'Gold Coin bundles (active=1: on sale now), by position',
          querystring: bundleListQuerySchema,
          response: { 200: bundleListSchema },
        },
      },
      (request) => shop.listBundles(request.query),
    );

    app.get(
      '/purchases',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The player’s bundle purchases, newest first (status filter: 1,2,3)',
          querystring: purchaseListQuerySchema,
          response: { 200: bundlePurchaseListSchema },
        },
      },
      (request) => shop.listPurchases(actorOf(request), request.query),
    );

    app.post(
      '/purchases',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary:
            'Start a bundle purchase (status 1); pay it with POST /api/payment/invoices/purchase',
          description:
            'Idempotent by the Idempotency-Key header. 403 ACCOUNT_BLOCKED when blocked.',
          headers: idempotencyHeadersSchema,
          body: createPurchaseBodySchema,
          response: { 200: bundlePurchaseSchema },
        },
      },
      async (request, reply) =>
        respondIdempotent(idempotency, request, reply, 'shop.purchase.create', (actor) =>
          shop.createPurchase(actor, request.body),
        ),
    );
  };
}
