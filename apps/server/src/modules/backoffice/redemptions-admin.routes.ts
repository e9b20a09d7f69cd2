import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRedemptionListSchema,
  adminRedemptionQueueQuerySchema,
  adminRedemptionRejectBodySchema,
  adminUuidParamsSchema,
  invoiceSchema,
} from '@coinfall/shared';
import type { RedemptionsAdminService } from './redemptions-admin.service.ts';
import { STAFF_SECURITY, staffOf } from './staff-guard.ts';

const tags = ['admin'];
const security = STAFF_SECURITY;

/** The redemptions queue: pending payouts with risk context, approve (pay out) or reject. */
export function redemptionsAdminRoutes(service: RedemptionsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/redemptions',
      {
        config: { staffAccess: 'redemptions.review' },
        schema: {
          tags,
          security,
          summary: 'Payouts waiting for a decision, oldest first, with the player’s risk context',
          querystring: adminRedemptionQueueQuerySchema,
          response: { 200: adminRedemptionListSchema },
        },
      },
      (request) => service.queue(request.query),
    );

    app.post(
      '/redemptions/:id/approve',
      {
        config: { staffAccess: 'redemptions.review' },
        schema: {
          tags,
          security,
          summary: 'Approve a payout: the payment provider sends it (processing until its webhook)',
          description: '409 when the payout is not pending; 503 without a payment provider.',
          params: adminUuidParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      (request) => service.approve(staffOf(request), request.params.id),
    );

    app.post(
      '/redemptions/:id/reject',
      {
        config: { staffAccess: 'redemptions.review' },
        schema: {
          tags,
          security,
          summary: 'Reject a payout: the held money goes back to the player; reason required',
          description: '409 once the payout is final.',
          params: adminUuidParamsSchema,
          body: adminRedemptionRejectBodySchema,
          response: { 200: invoiceSchema },
        },
      },
      (request) => service.reject(staffOf(request), request.params.id, request.body.reason),
    );
  };
}
