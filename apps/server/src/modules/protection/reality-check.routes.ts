import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgeRealityCheckBodySchema,
  realityCheckStateSchema,
  setRealityCheckBodySchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { RealityCheckService } from './reality-check.service.ts';

/** Reality checks (issue 16, decision 036), under /player: a logged-in player's own. */
export function realityCheckRoutes(
  realityChecks: RealityCheckService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);

    app.get(
      '/protection/reality-check',
      {
        schema: {
          tags,
          security,
          summary: 'The reality-check interval, the play session standing and the next check',
          description:
            'A play session is a run of the player’s rounds with no gap over 30 minutes between ' +
            'two round starts; its results count stakes (not refunded, not free spins) and ' +
            'payouts of settled rounds, per currency.',
          response: { 200: realityCheckStateSchema },
        },
      },
      (request) => realityChecks.get(actorOf(request)),
    );

    app.put(
      '/protection/reality-check',
      {
        schema: {
          tags,
          security,
          summary: 'Choose the interval (15, 30, 45 or 60 minutes), or null to switch checks off',
          body: setRealityCheckBodySchema,
          response: { 200: realityCheckStateSchema },
        },
      },
      (request) => realityChecks.setInterval(actorOf(request), request.body),
    );

    app.post(
      '/protection/reality-check/acknowledge',
      {
        schema: {
          tags,
          security,
          summary: 'Answer the check due at checkAt (continue, stop, set-limit); moves the next',
          body: acknowledgeRealityCheckBodySchema,
          response: { 200: realityCheckStateSchema },
        },
      },
      (request) => realityChecks.acknowledge(actorOf(request), request.body),
    );
  };
}
