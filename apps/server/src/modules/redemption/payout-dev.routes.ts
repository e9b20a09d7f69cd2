import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceIdParamsSchema, invoiceSchema, settlePayoutBodySchema } from '@coinfall/shared';
import type { RedemptionService } from './redemption.service.ts';

/**
 * POST /api/dev/payouts/{id}/settle — the operator's approve/reject until a back office exists.
 * Registered only when config.sandbox is on (like the dev mailbox); never in a real deployment.
 */
export function payoutDevRoutes(redemptions: RedemptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payouts/:id/settle',
      {
        schema: {
          tags: ['dev'],
          security: [],
          summary: 'Sandbox only: approve (success) or reject a pending payout',
          description:
            'success pays the held funds out; rejected returns them to the player. The same ' +
            'outcome again changes nothing; the other outcome after a final one is 409.',
          params: invoiceIdParamsSchema,
          body: settlePayoutBodySchema,
          response: { 200: invoiceSchema },
        },
      },
      (request) =>
        redemptions.settlePayout(request.params.id, request.body.outcome, request.body.reason),
    );
  };
}
