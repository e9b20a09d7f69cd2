import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devChooseSeedsBodySchema,
  devPlayerParamsSchema,
  fairnessSchema,
  rollbackRoundBodySchema,
  roundIdParamsSchema,
  roundSchema,
} from '@coinfall/shared';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { FairnessService } from './fairness.service.ts';
import type { RoundsService } from './rounds.service.ts';

/**
 * The operator's game-server tools until a back office exists. Registered only when
 * config.sandbox is on, behind the operator guard (docs/decisions/019): a player who could roll
 * back their own open round would look at the hand and take the stake back.
 */
export function rgsDevRoutes(deps: {
  rounds: RoundsService;
  fairness: Pick<FairnessService, 'chooseSeeds'>;
  requireOperator: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/rounds/:id/rollback',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary: 'Sandbox only: roll an open round back, refunding every stake it took',
          description:
            'The round ends Refunded with payout = the refund, booked as one ledger posting ' +
            'carrying the reason; works after the game session expired. 409 ROUND_CLOSED once ' +
            'the round has settled (a second rollback included); 404 for an unknown round.',
          params: roundIdParamsSchema,
          body: rollbackRoundBodySchema,
          response: { 200: roundSchema },
        },
      },
      (request) => deps.rounds.rollback(request.params.id, request.body.reason),
    );

    app.post(
      '/players/:id/fairness/seeds',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary: "Sandbox only: start a player's next seed pair with chosen seeds",
          description:
            'A rotation with both seeds given: the active pair is revealed and retired, the new ' +
            'one starts at nonce 0, so a browser test can play an outcome it computed. 409 ' +
            'ROUND_OPEN while the player has a round open; 404 for an unknown player.',
          params: devPlayerParamsSchema,
          body: devChooseSeedsBodySchema,
          response: { 200: fairnessSchema },
        },
      },
      (request) => deps.fairness.chooseSeeds(request.params.id, request.body),
    );
  };
}
