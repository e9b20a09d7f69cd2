import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amoeCodeListSchema, amoeCodeSchema } from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { AmoeService } from './amoe.service.ts';

/** Free entry by mail (decision 035), under /player: the player's own request codes. */
export function amoeRoutes(
  amoe: Pick<AmoeService, 'list' | 'generate'>,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);

    app.get(
      '/amoe/codes',
      {
        schema: {
          tags,
          security,
          summary: 'The player’s free-entry request codes (newest first) and the terms',
          response: { 200: amoeCodeListSchema },
        },
      },
      (request) => amoe.list(actorOf(request)),
    );

    app.post(
      '/amoe/codes',
      {
        schema: {
          tags,
          security,
          summary: 'Generate a single-use request code to write on a postal free-entry request',
          description:
            '409 LIMIT_EXCEEDED when the player holds the most unused codes allowed; 403 ' +
            'SWEEPS_NOT_ALLOWED where the player’s state refuses Sweeps Coins play.',
          response: { 201: amoeCodeSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await amoe.generate(actorOf(request))),
    );
  };
}
