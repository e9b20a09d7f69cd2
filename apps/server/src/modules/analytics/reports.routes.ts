import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsReportQuerySchema,
  dailyActivePlayersSchema,
  dailySessionsSchema,
  eventsByTypeSchema,
  pageViewsByPathSchema,
} from '@coinfall/shared';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { AnalyticsReportsService } from './reports.service.ts';

/**
 * The operator's analytics under /api/dev/analytics, behind the operator guard
 * (docs/decisions/019): the back office's page will read the same routes.
 */
export function reportsRoutes(
  reports: AnalyticsReportsService,
  requireOperator: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = (summary: string) => ({
      tags: ['analytics'],
      security: OPERATOR_SECURITY,
      summary,
      querystring: analyticsReportQuerySchema,
    });
    app.get(
      '/active-players',
      {
        onRequest: requireOperator,
        schema: {
          ...schema('Daily active players (distinct user ids) and devices, UTC days'),
          response: { 200: dailyActivePlayersSchema },
        },
      },
      (request) => reports.activePlayers(request.query),
    );
    app.get(
      '/sessions',
      {
        onRequest: requireOperator,
        schema: {
          ...schema('Sessions per UTC day'),
          response: { 200: dailySessionsSchema },
        },
      },
      (request) => reports.sessions(request.query),
    );
    app.get(
      '/page-views',
      {
        onRequest: requireOperator,
        schema: {
          ...schema('Page views by path, most viewed first (top 200)'),
          response: { 200: pageViewsByPathSchema },
        },
      },
      (request) => reports.pageViews(request.query),
    );
    app.get(
      '/events',
      {
        onRequest: requireOperator,
        schema: {
          ...schema('Events by type, most frequent first (top 200)'),
          response: { 200: eventsByTypeSchema },
        },
      },
      (request) => reports.eventsByType(request.query),
    );
  };
}
