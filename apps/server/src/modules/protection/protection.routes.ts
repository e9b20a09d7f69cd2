import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  operatorPlayerParamsSchema,
  protectionIdParamsSchema,
  protectionStandingSchema,
  selfExcludeBodySchema,
  takeBreakBodySchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { ProtectionService } from './protection.service.ts';

const ENDS_EVERYTHING =
  'Every session of the player ends at once (this one included: the site logs out), sockets ' +
  'close, open game rounds are refunded; until it ends every door answers 403 PLAYER_EXCLUDED ' +
  'with details.endsAt. It cannot be shortened.';

/** Breaks and self-exclusion (issue 16), under /player: a logged-in player's own. */
export function protectionRoutes(
  protection: ProtectionService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);

    app.get(
      '/protection',
      {
        schema: {
          tags,
          security,
          summary: 'The player’s breaks and self-exclusions',
          response: { 200: protectionStandingSchema },
        },
      },
      (request) => protection.get(actorOf(request)),
    );

    app.post(
      '/protection/break',
      {
        schema: {
          tags,
          security,
          summary: 'Take a break of 1, 3, 7, 14 or 30 days',
          description: ENDS_EVERYTHING,
          body: takeBreakBodySchema,
          response: { 200: protectionStandingSchema },
        },
      },
      (request) => protection.takeBreak(actorOf(request), request.body),
    );

    app.post(
      '/protection/exclusion',
      {
        schema: {
          tags,
          security,
          summary: 'Self-exclude for 6 months, 1, 3 or 5 years, or indefinitely',
          description: `${ENDS_EVERYTHING} An indefinite one can be lifted only after 6 months, then 7 days later.`,
          body: selfExcludeBodySchema,
          response: { 200: protectionStandingSchema },
        },
      },
      (request) => protection.selfExclude(actorOf(request), request.body),
    );
  };
}

/**
 * The operator's side until the back office exists (decision 019): read a player's protections
 * and record the written request to lift an indefinite exclusion. Nothing here shortens one.
 */
export function protectionDevRoutes(deps: {
  protection: ProtectionService;
  requireOperator: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dev'];
    app.get(
      '/protection/players/:playerId',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags,
          security: OPERATOR_SECURITY,
          summary: 'Operator: a player’s breaks and self-exclusions',
          params: operatorPlayerParamsSchema,
          response: { 200: protectionStandingSchema },
        },
      },
      (request) => deps.protection.ofPlayer(request.params.playerId),
    );

    app.post(
      '/protection/players/:playerId/:protectionId/lift',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags,
          security: OPERATOR_SECURITY,
          summary: 'Operator: lift an indefinite exclusion at the player’s request',
          description:
            'Only an indefinite exclusion, only 6 months after it started (409 with ' +
            'details.earliestLiftAt before), once; the doors open 7 days later.',
          params: protectionIdParamsSchema,
          response: { 200: protectionStandingSchema },
        },
      },
      (request) => deps.protection.askLift(request.params.playerId, request.params.protectionId),
    );
  };
}
