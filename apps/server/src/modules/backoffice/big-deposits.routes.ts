import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBigDepositListSchema, adminBigDepositQuerySchema } from '@coinfall/shared';
import type { BigDepositsService } from './big-deposits.service.ts';
import { staffRoute } from './staff-route.ts';

/** GET /api/admin/big-deposits (finance, admin). */
export function bigDepositsRoutes(deposits: BigDepositsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/big-deposits',
      staffRoute('deposits.read', {
        summary: 'Big-deposit alerts, newest first (player, the purchase, the 24 h total)',
        description:
          'An alert is raised when a player’s successful purchases and deposits of 24 h reach ' +
          '`thresholdBase` (base minor units), at most once a day per player; `minTotal` ' +
          'shows only larger totals.',
        querystring: adminBigDepositQuerySchema,
        response: { 200: adminBigDepositListSchema },
      }),
      (request) => deposits.list(request.query),
    );
  };
}
