import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsReportQuerySchema,
  dailyActivePlayersSchema,
  dailySessionsSchema,
  eventsByTypeSchema,
  pageViewsByPathSchema,
  playerEventsSchema,
  playerIdParamsSchema,
} from '@coinfall/shared';
import { STAFF_SECURITY } from '../backoffice/staff-guard.ts';
import type { AnalyticsReportsService } from './reports.service.ts';

/**
 * The aggregate reports for staff (decisions 027, 054) under /admin/analytics, behind the back
 * office's guard and `analytics.read`: they name nobody, but they are the operator's business
 * figures, which a production back office must read without the sandbox's operator token.
 */
function aggregateReportRoutes(reports: AnalyticsReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    const options = (summary: string) => ({
      config: { staffAccess: 'analytics.read' as const },
      schema: {
        tags: ['admin'],
        security: STAFF_SECURITY,
        summary,
        querystring: analyticsReportQuerySchema,
      },
    });
    const active = options('Daily active players (distinct user ids) and devices, UTC days');
    app.get(
      '/analytics/active-players',
      { ...active, schema: { ...active.schema, response: { 200: dailyActivePlayersSchema } } },
      (request) => reports.activePlayers(request.query),
    );
    const sessions = options('Sessions per UTC day');
    app.get(
      '/analytics/sessions',
      { ...sessions, schema: { ...sessions.schema, response: { 200: dailySessionsSchema } } },
      (request) => reports.sessions(request.query),
    );
    const views = options('Page views by path, most viewed first (top 200)');
    app.get(
      '/analytics/page-views',
      { ...views, schema: { ...views.schema, response: { 200: pageViewsByPathSchema } } },
      (request) => reports.pageViews(request.query),
    );
    const events = options('Events by type, most frequent first (top 200)');
    app.get(
      '/analytics/events',
      { ...events, schema: { ...events.schema, response: { 200: eventsByTypeSchema } } },
      (request) => reports.eventsByType(request.query),
    );
  };
}

/**
 * A player's events for staff (decision 048), mounted by the back office under /admin behind its
 * guard: personal data, so a staff role's permission rather than the sandbox operator token.
 */
export function analyticsAdminRoutes(reports: AnalyticsReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(aggregateReportRoutes(reports));
    app.get(
      '/analytics/players/:id/events',
      {
        config: { staffAccess: 'analytics.read' },
        schema: {
          tags: ['admin'],
          security: STAFF_SECURITY,
          summary: 'A player’s events of the last 7 days, newest first (at most 200)',
          params: playerIdParamsSchema,
          response: { 200: playerEventsSchema },
        },
      },
      (request) => reports.playerEvents(request.params.id),
    );
  };
}
