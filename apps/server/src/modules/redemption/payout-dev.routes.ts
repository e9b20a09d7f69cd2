import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devPlayerParamsSchema,
  devSweepsCreditBodySchema,
  devSweepsCreditHeadersSchema,
  devSweepsCreditSchema,
  IDEMPOTENCY_KEY_HEADER,
  invoiceIdParamsSchema,
  invoiceSchema,
  settlePayoutBodySchema,
} from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { OperatorCreditService } from '../sweeps/operator-credit.service.ts';
import type { RedemptionService } from './redemption.service.ts';

/**
 * The operator's tools until a back office exists: settle a payout, credit Sweeps Coins.
 * Registered only when config.sandbox is on, behind the operator guard (docs/decisions/019).
 */
export function payoutDevRoutes(deps: {
  redemptions: RedemptionService;
  credits: OperatorCreditService;
  requireOperator: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { redemptions, credits, requireOperator } = deps;
  return async (app) => {
    app.post(
      '/payouts/:id/settle',
      {
        onRequest: requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
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

    app.post(
      '/players/:id/sweeps-credit',
      {
        onRequest: requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary: 'Sandbox only: credit Sweeps Coins to a player (promotions → player)',
          description:
            'playedThrough: true makes the credit redeemable at once. Needs a request key, as ' +
            'body.requestKey or an Idempotency-Key header: the same key again answers the first ' +
            'credit (replayed); with another amount or playedThrough it is a 409.',
          params: devPlayerParamsSchema,
          headers: devSweepsCreditHeadersSchema,
          body: devSweepsCreditBodySchema,
          response: { 200: devSweepsCreditSchema },
        },
      },
      (request) => {
        const { requestKey, ...body } = request.body;
        const key = requestKey ?? request.headers[IDEMPOTENCY_KEY_HEADER];
        if (!key) {
          throw AppError.invalid('body.requestKey', 'A request key (or Idempotency-Key header)');
        }
        return credits.creditSweeps(request.params.id, body, key);
      },
    );
  };
}
