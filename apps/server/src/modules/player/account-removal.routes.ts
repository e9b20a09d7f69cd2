import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userCheckResponseSchema, userDeleteBodySchema } from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { AccountRemovalService } from './account-removal.service.ts';

const bearer = [{ bearerAuth: [] }];

/** POST /api/users/check and /api/users/delete (spec §7 "Users"). */
export function accountRemovalRoutes(
  removal: AccountRemovalService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];

    app.post(
      '/check',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Whether the logged-in account still exists',
          security: bearer,
          response: { 200: userCheckResponseSchema },
        },
      },
      (request) => removal.check(actorOf(request)),
    );

    app.post(
      '/delete',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Remove the logged-in account: personal data is anonymised, sessions end',
          security: bearer,
          body: userDeleteBodySchema.nullish(),
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        await removal.remove(actor, request.body ?? {});
        // The free-text reason is neither logged nor kept: it may hold the data just erased.
        request.log.info({ playerId: actor.playerId }, 'account removed');
        return reply.code(204).send(null);
      },
    );
  };
}
