import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRedemptionListSchema,
  adminRedemptionQueueQuerySchema,
  adminRedemptionRejectBodySchema,
  adminUuidParamsSchema,
  invoiceSchema,
} from '@coinfall/shared';
import type { RedemptionsAdminService } from './redemptions-admin.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

/** The redemptions queue: pending payouts with risk context, approve (pay out) or reject. */
export function redemptionsAdminRoutes(service: RedemptionsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/redemptions',
      staffRoute('redemptions.review', {
        summary: 'Payouts waiting for a decision, oldest first, with the player’s risk context',
        querystring: adminRedemptionQueueQuerySchema,
        response: { 200: adminRedemptionListSchema },
      }),
      (request) => service.queue(request.query),
    );

    app.post(
      '/redemptions/:id/approve',
      staffRoute('redemptions.review', {
        summary: 'Approve a payout: the payment provider sends it (processing until its webhook)',
        description: '409 when the payout is not pending; 503 without a payment provider.',
        params: adminUuidParamsSchema,
        response: { 200: invoiceSchema },
      }),
      (request) => service.approve(staffOf(request), request.params.id),
    );

    app.post(
      '/redemptions/:id/reject',
      staffRoute('redemptions.review', {
        summary: 'Reject a payout: the held money goes back to the player; reason required',
        description: '409 once the payout is final.',
        params: adminUuidParamsSchema,
        body: adminRedemptionRejectBodySchema,
        response: { 200: invoiceSchema },
      }),
      (request) => service.reject(staffOf(request), request.params.id, request.body.reason),
    );
  };
}
