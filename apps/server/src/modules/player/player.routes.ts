import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldValidationListSchema,
  fieldValidationsQuerySchema,
  playerProfileSchema,
  registerBodySchema,
  sessionResponseSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { PlayerService } from './player.service.ts';

/** Registration, the profile and its field rules (spec §7 "Player"). */
export function playerRoutes(
  players: PlayerService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];

    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Create an account and log in',
          body: registerBodySchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) => players.register(request.body, request.ip),
    );

    app.get(
      '/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The current player’s profile',
          security: [{ bearerAuth: [] }],
          response: { 200: playerProfileSchema },
        },
      },
      (request) => players.profile(actorOf(request)),
    );

    app.get(
      '/fields/validations',
      {
        schema: {
          tags,
          summary: 'Which fields a form shows and which are required',
          querystring: fieldValidationsQuerySchema,
          response: { 200: fieldValidationListSchema },
        },
      },
      (request) => players.fieldValidations(request.query.scenario),
    );
  };
}
