import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUuidParamsSchema,
  amoeRequestListSchema,
  amoeRequestSchema,
  recordAmoeRequestBodySchema,
} from '@coinfall/shared';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { AmoeService } from './amoe.service.ts';

/**
 * Postal free-entry requests (decision 035), mounted by the back office under /admin behind its
 * staff guard: the compliance role (and admin) records each received envelope.
 */
export function amoeAdminRoutes(
  amoe: Pick<AmoeService, 'record' | 'requestsOf'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/players/:id/amoe-requests',
      staffRoute('amoe.record', {
        summary: 'Record a received postal free-entry request: credits its Sweeps Coins once',
        description:
          'One envelope (its reference) and one code, once: a second recording is 409. The ' +
          'code must be the player’s and postmarked before it expired; caps per postmark day ' +
          'and month answer 409 LIMIT_EXCEEDED; an excluded player 403 PLAYER_EXCLUDED; a ' +
          'state without Sweeps Coins play 403 SWEEPS_NOT_ALLOWED. Audited.',
        params: adminUuidParamsSchema,
        body: recordAmoeRequestBodySchema,
        response: { 201: amoeRequestSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await amoe.record(staffOf(request), request.params.id, request.body)),
    );

    app.get(
      '/players/:id/amoe-requests',
      staffRoute('amoe.record', {
        summary: 'The postal free-entry requests recorded for a player, newest first',
        params: adminUuidParamsSchema,
        response: { 200: amoeRequestListSchema },
      }),
      (request) => amoe.requestsOf(request.params.id),
    );
  };
}
