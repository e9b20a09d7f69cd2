import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListSchema, auditQuerySchema } from '@coinfall/shared';
import type { AuditService } from './audit.service.ts';
import { staffRoute } from './staff-route.ts';

/** The audit search. */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      staffRoute('audit.read', {
        summary: 'Search the audit trail (staff, action, target, time range), newest first',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema },
      }),
      (request) => audit.search(request.query),
    );
  };
}
