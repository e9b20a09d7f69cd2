import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReportQuerySchema, adminReportSchema } from '@coinfall/shared';
import type { ReportsService } from './reports.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

/** Daily reports: JSON and the CSV export. */
export function reportsRoutes(service: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports/daily',
      staffRoute('reports.read', {
        summary: 'Per UTC day and currency: purchases, redemptions, GGR, bonus cost, NGR, players',
        description:
          'GGR = stakes − wins of rounds settled that day (free spins and refunds excluded); ' +
          'bonus cost = what the house promotions account paid out net of what came back; ' +
          'NGR = GGR − bonus cost. Amounts in minor units of the row’s currency.',
        querystring: adminReportQuerySchema,
        response: { 200: adminReportSchema },
      }),
      (request) => service.report(request.query),
    );

    app.get(
      '/reports/daily.csv',
      staffRoute('reports.read', {
        summary:
          'The daily report as CSV (text/csv, header row; `*` rows: the day in all currencies)',
        querystring: adminReportQuerySchema,
        response: { 200: z.string().describe('text/csv') },
        produces: ['text/csv'],
      }),
      async (request, reply) => {
        const csv = await service.csv(staffOf(request), request.query);
        const name = `coinfall-daily-${request.query.from}-${request.query.to}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );
  };
}
