import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBigWinListSchema,
  adminBigWinQuerySchema,
  adminRoundDetailSchema,
  adminRoundListSchema,
  adminRoundRollbackBodySchema,
  adminRoundSearchQuerySchema,
  adminUuidParamsSchema,
} from '@coinfall/shared';
import type { RoundsAdminService } from './rounds-admin.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

/** Game rounds: search, one round's replay and postings, rollback, big-win alerts. */
export function roundsAdminRoutes(service: RoundsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/rounds',
      staffRoute('rounds.read', {
        summary: 'Search rounds: player, game, currency, status, start dates; sorted and paged',
        querystring: adminRoundSearchQuerySchema,
        response: { 200: adminRoundListSchema },
      }),
      (request) => service.search(request.query),
    );

    app.get(
      '/rounds/:id',
      staffRoute('rounds.read', {
        summary: 'One round with its replay data (server seed once revealed) and ledger postings',
        params: adminUuidParamsSchema,
        response: { 200: adminRoundDetailSchema },
      }),
      (request) => service.detail(request.params.id),
    );

    app.post(
      '/rounds/:id/rollback',
      staffRoute('rounds.rollback', {
        summary: 'Roll an open round back: every stake it took is refunded; reason required',
        description:
          'The round ends Refunded (payout = the refund), booked as one ledger posting ' +
          'carrying the reason. 409 ROUND_CLOSED once the round has settled; 404 unknown.',
        params: adminUuidParamsSchema,
        body: adminRoundRollbackBodySchema,
        response: { 200: adminRoundDetailSchema },
      }),
      (request) => service.rollback(staffOf(request), request.params.id, request.body.reason),
    );

    app.get(
      '/big-wins',
      staffRoute('rounds.read', {
        summary: 'Big-win alerts the game server recorded, newest first, with their Slack delivery',
        querystring: adminBigWinQuerySchema,
        response: { 200: adminBigWinListSchema },
      }),
      (request) => service.bigWins(request.query),
    );
  };
}
