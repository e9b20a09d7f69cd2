import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  invoiceStatisticsSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { InvoiceHistoryService } from './invoice-history.service.ts';

/** Spec §7 sends arrays in bracket format (`status[]=2&status[]=3`): read them as `status`. */
const BRACKETED = ['type', 'status'] as const;

/** The player's invoices (registered under /api/payment); every route needs a login. */
export function invoiceHistoryRoutes(
  history: InvoiceHistoryService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payment'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);

    app.get(
      '/invoices',
      {
        schema: {
          tags,
          security,
          summary: 'Your invoices, newest first, filtered by type and status lists',
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListSchema },
        },
        preValidation: async (request) => {
          const query = request.query as Record<string, unknown>;
          for (const name of BRACKETED) {
            const bracketed = query[`${name}[]`];
            if (bracketed === undefined) continue;
            const plain = query[name];
            query[name] = [plain ?? [], bracketed].flat();
            delete query[`${name}[]`];
          }
        },
      },
      (request) => history.list(actorOf(request), request.query),
    );

    app.get(
      '/invoices/statistics',
      {
        schema: {
          tags,
          security,
          summary: 'Counts, sums and the last successful deposit, withdrawal, purchase, payout',
          response: { 200: invoiceStatisticsSchema },
        },
      },
      (request) => history.statistics(actorOf(request)),
    );

    // Registered after /invoices/statistics; the router prefers a static segment anyway.
    app.get(
      '/invoices/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One of your invoices (404 for another player’s or an unknown one)',
          params: invoiceIdParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      (request) => history.get(actorOf(request), request.params.id),
    );
  };
}
