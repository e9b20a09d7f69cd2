import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityBoardSchema,
  devRoundBodySchema,
  winnersBoardSchema,
  winnersQuerySchema,
} from '@coinfall/shared';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { LiveBoardsService } from './live-boards.service.ts';

/** The boards' first paint (then the realtime channels keep them fresh): public, no auth. */
export function liveBoardsRoutes(boards: LiveBoardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/winners',
      {
        schema: {
          tags: ['game'],
          security: [],
          summary: 'The winners board of a device type and country (latest and top 24 h)',
          description:
            'Same data as the winners:{device}-{country} channel publishes. country defaults to US.',
          querystring: winnersQuerySchema,
          response: { 200: winnersBoardSchema },
        },
      },
      (request) => boards.winnersBoard(request.query.device, request.query.country),
    );

    app.get(
      '/activity',
      {
        schema: {
          tags: ['game'],
          security: [],
          summary: 'The activity board: the latest settled rounds that paid something',
          response: { 200: activityBoardSchema },
        },
      },
      () => boards.activityBoard(),
    );
  };
}

// The only reply of a sandbox route, not part of the site's contract.
const devRoundCreatedSchema = z.object({ roundId: z.string() });

/**
 * Registered only when config.sandbox is on, behind the operator guard (docs/decisions/019):
 * posting fake wins to the public boards is an operator's act, never a player's.
 */
export function liveBoardsDevRoutes(
  boards: LiveBoardsService,
  requireOperator: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/rounds',
      {
        onRequest: requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary: 'Sandbox only: record a settled game round (feeds the live boards)',
          description:
            'Recorded as the game server will: a game.round.settled event with a new roundId, ' +
            'settled now, for playerId or a random player.',
          body: devRoundBodySchema,
          response: { 201: devRoundCreatedSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await boards.recordDevRound(request.body)),
    );
  };
}
