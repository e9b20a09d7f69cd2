import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoyaltyBenefitsBodySchema,
  adminLoyaltyLadderSchema,
  adminLoyaltyLevelBodySchema,
  adminLoyaltyLevelSchema,
  adminLoyaltySublevelBodySchema,
  adminLoyaltySublevelCreateBodySchema,
  adminLoyaltySublevelSchema,
  adminReasonBodySchema,
  adminSerialParamsSchema,
  noContentSchema,
} from '@coinfall/shared';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { LoyaltyAdminService } from './loyalty-admin.service.ts';

// The ladder is a promotion like bonuses and quests (decision 042): the same permission.
const access = 'promotions.manage';

/**
 * The loyalty ladder for staff (decision 057), mounted by the back office under /admin behind
 * its guard. Every change is audited with its reason and clears this node's cached ladder.
 */
export function loyaltyAdminRoutes(service: LoyaltyAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/loyalty/ladder',
      staffRoute(access, {
        summary: 'The loyalty ladder: levels and their sublevels, with the players on each',
        response: { 200: adminLoyaltyLadderSchema },
      }),
      () => service.ladder(),
    );

    app.put(
      '/loyalty/levels/:id',
      staffRoute(access, {
        summary: "Edit a level's label, colour, images, slug and order; reason required",
        description:
          'Slug and order are optional (absent: unchanged). A slug another level has is 409 ' +
          'body.slug; an order that would break the growing thresholds is 400 body.order, ' +
          'the other levels close up around a moved one (decision 066). Players keep their ' +
          'sublevel: accounts name it by id. Audited. VIP benefits have their own route (061).',
        params: adminSerialParamsSchema,
        body: adminLoyaltyLevelBodySchema,
        response: { 200: adminLoyaltyLevelSchema },
      }),
      (request) => service.updateLevel(staffOf(request), request.params.id, request.body),
    );

    app.put(
      '/loyalty/levels/:id/benefits',
      staffRoute(access, {
        summary: "Edit a level's VIP benefits; reason required",
        description:
          'VIP flag, daily bonus percent (100–500), rakeback percent (0–50), personal host. A ' +
          'level that is not VIP carries none (400 naming the field). Applies from the next ' +
          'read; accrued rakeback keeps its percent. Audited (decision 061).',
        params: adminSerialParamsSchema,
        body: adminLoyaltyBenefitsBodySchema,
        response: { 200: adminLoyaltyLevelSchema },
      }),
      (request) => service.updateBenefits(staffOf(request), request.params.id, request.body),
    );

    app.post(
      '/loyalty/sublevels',
      staffRoute(access, {
        summary: 'Add a sublevel to a level; reason required',
        description:
          'Thresholds must grow strictly along the ladder (400 body.points); the reward ' +
          'names an existing bonus definition (400 body.rewardSlug); an order taken in the ' +
          'level is 409 body.order. Players are placed by their points at the next read. Audited.',
        body: adminLoyaltySublevelCreateBodySchema,
        response: { 201: adminLoyaltySublevelSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.createSublevel(staffOf(request), request.body)),
    );

    app.put(
      '/loyalty/sublevels/:id',
      staffRoute(access, {
        summary: "Edit a sublevel's looks, order, threshold and reward; reason required",
        description:
          'Checked as when adding one. Players are placed by their points at the next read; ' +
          'a rung newly below a player is rewarded at their next points. Audited.',
        params: adminSerialParamsSchema,
        body: adminLoyaltySublevelBodySchema,
        response: { 200: adminLoyaltySublevelSchema },
      }),
      (request) => service.updateSublevel(staffOf(request), request.params.id, request.body),
    );

    app.post(
      '/loyalty/sublevels/:id/retire',
      staffRoute(access, {
        summary: 'Retire a sublevel no player sits on; reason required',
        description:
          '409 when players sit on it (the message says how many) or it is the last one. ' +
          'Audited with the sublevel as it was.',
        params: adminSerialParamsSchema,
        body: adminReasonBodySchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await service.retireSublevel(staffOf(request), request.params.id, request.body);
        return reply.code(204).send(null);
      },
    );
  };
}
