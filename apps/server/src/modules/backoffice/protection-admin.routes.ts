import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProtectionLiftBodySchema,
  adminProtectionParamsSchema,
  protectionStandingSchema,
} from '@coinfall/shared';
import type { ProtectionAdminService } from './protection-admin.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

/** Player protection for staff (decision 030): the record is in the player's profile. */
export function protectionAdminRoutes(protection: ProtectionAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/players/:id/protections/:protectionId/lift',
      staffRoute('protection.lift', {
        summary:
          'Record the player’s request to lift an indefinite self-exclusion: it ends 7 days later; reason required',
        description:
          'Only an indefinite exclusion, only 6 months after it started, once. 409 CONFLICT ' +
          'otherwise (details.earliestLiftAt when it is too early); a break or a fixed ' +
          'exclusion is never shortened. 404 for an unknown player or protection.',
        params: adminProtectionParamsSchema,
        body: adminProtectionLiftBodySchema,
        response: { 200: protectionStandingSchema },
      }),
      (request) =>
        protection.recordLift(
          staffOf(request),
          request.params.id,
          request.params.protectionId,
          request.body.reason,
        ),
    );
  };
}
