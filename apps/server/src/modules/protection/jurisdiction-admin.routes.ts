import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminJurisdictionPutSchema,
  adminJurisdictionQuerySchema,
  adminJurisdictionRuleListSchema,
  adminJurisdictionRuleSchema,
} from '@coinfall/shared';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { JurisdictionAdminService } from './jurisdiction-admin.service.ts';

/** Back office (mounted behind the staff guard under /api/admin): the jurisdiction table. */
export function jurisdictionAdminRoutes(admin: JurisdictionAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/jurisdictions',
      staffRoute('jurisdictions.manage', {
        summary: 'Jurisdiction rules a page at a time, by place and start date; filter by country',
        querystring: adminJurisdictionQuerySchema,
        response: { 200: adminJurisdictionRuleListSchema },
      }),
      (request) => admin.list(request.query),
    );
    app.put(
      '/jurisdictions',
      staffRoute('jurisdictions.manage', {
        summary:
          'Put a place’s rule from a date (the same place and date replaces it); reason required, audited',
        description:
          'Players’ standing (GET /api/player/protection/jurisdiction) and the play, bonus and ' +
          'redemption doors follow at their next request. 400 when the wind-down does not end ' +
          'after the effective date.',
        body: adminJurisdictionPutSchema,
        response: { 200: adminJurisdictionRuleSchema },
      }),
      (request) => admin.put(staffOf(request), request.body),
    );
  };
}
