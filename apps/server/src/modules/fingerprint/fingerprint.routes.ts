import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fingerprintQuerySchema, fingerprintResultSchema } from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { FingerprintService } from './fingerprint.service.ts';

/** Once per session, so a handful a minute is plenty; more is someone feeding visitor ids. */
const rateLimit = { max: 10, timeWindow: 60_000 };

/** Spec §7 `GET /api/fp?visitorId&email&userId` (decision 049). */
export function fingerprintRoutes(
  fingerprint: FingerprintService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/fp',
      {
        onRequest: requireAuth,
        config: { rateLimit },
        schema: {
          tags: ['player'],
          security: [{ bearerAuth: [] }],
          summary: 'Report this browser’s FingerprintJS visitor id for the signed-in player',
          description:
            'The device is linked to the session’s player. email and userId, when given, must be that player’s: 400 naming the field otherwise. Welcome coins that waited for the device are granted, or refused when another player on it already had them.',
          querystring: fingerprintQuerySchema,
          response: { 200: fingerprintResultSchema },
        },
      },
      (request) => fingerprint.report(actorOf(request), request.query),
    );
  };
}
