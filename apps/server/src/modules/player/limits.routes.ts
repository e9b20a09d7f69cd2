import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createLimitBodySchema,
  limitIdParamsSchema,
  playerLimitListSchema,
  playerLimitSchema,
  updateLimitBodySchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { LimitsService } from './limits.service.ts';

/** Responsible-gaming limits (spec §7 "Player"): every route needs a logged-in player. */
export function limitsRoutes(
  limits: LimitsService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);

    app.get(
      '/limits',
      {
        schema: {
          tags,
          security,
          summary: 'The player’s limits, with any raise or removal still cooling off',
          response: { 200: playerLimitListSchema },
        },
      },
      (request) => limits.list(actorOf(request)),
    );

    app.post(
      '/limits',
      {
        schema: {
          tags,
          security,
          summary: 'Set a limit for a period (applies at once)',
          body: createLimitBodySchema,
          response: { 200: playerLimitSchema },
        },
      },
      (request) => limits.create(actorOf(request), request.body),
    );

    app.put(
      '/limits/:limitId',
      {
        schema: {
          tags,
          security,
          summary: 'Change a limit: a decrease applies at once, a raise after the cooling-off',
          params: limitIdParamsSchema,
          body: updateLimitBodySchema,
          response: { 200: playerLimitSchema },
        },
      },
      (request) => limits.update(actorOf(request), request.params.limitId, request.body),
    );

    app.delete(
      '/limits/:limitId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a limit after the cooling-off; it applies until removesAt',
          params: limitIdParamsSchema,
          response: { 200: playerLimitSchema },
        },
      },
      (request) => limits.remove(actorOf(request), request.params.limitId),
    );
  };
}
