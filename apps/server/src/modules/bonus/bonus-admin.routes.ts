import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBonusCodeCreateBodySchema,
  adminBonusCodeListSchema,
  adminBonusCodeQuerySchema,
  adminBonusCodeSchema,
  adminBonusCodeUpdateBodySchema,
  adminBonusDefinitionCreateBodySchema,
  adminBonusDefinitionListSchema,
  adminBonusDefinitionQuerySchema,
  adminBonusDefinitionSchema,
  adminBonusDefinitionUpdateBodySchema,
  adminSerialParamsSchema,
} from '@coinfall/shared';
import { enabledSwitchRoute } from '../backoffice/enabled-switch.ts';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { BonusAdminService } from './bonus-admin.service.ts';

const access = 'promotions.manage';

/**
 * Bonus definitions and codes for staff (decision 042), mounted by the back office under /admin
 * behind its guard: marketing and admin. Every change is audited with its reason.
 */
export function bonusAdminRoutes(service: BonusAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bonus-definitions',
      staffRoute(access, {
        summary: 'Bonus definitions (free-spin campaigns included): filtered, sorted, paged',
        querystring: adminBonusDefinitionQuerySchema,
        response: { 200: adminBonusDefinitionListSchema },
      }),
      (request) => service.listDefinitions(request.query),
    );

    app.get(
      '/bonus-definitions/:id',
      staffRoute(access, {
        summary: 'One bonus definition',
        params: adminSerialParamsSchema,
        response: { 200: adminBonusDefinitionSchema },
      }),
      (request) => service.definition(request.params.id),
    );

    app.post(
      '/bonus-definitions',
      staffRoute(access, {
        summary: 'Create a bonus definition; reason required',
        description:
          'Coins (one line per currency, fixed or a capped match) and/or free spins on a slot. ' +
          '400 names the field at fault (an unknown slot: body.freeSpins.gameIdentity); 409 ' +
          'with body.slug when the slug is taken. Audited.',
        body: adminBonusDefinitionCreateBodySchema,
        response: { 201: adminBonusDefinitionSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.createDefinition(staffOf(request), request.body)),
    );

    app.put(
      '/bonus-definitions/:id',
      staffRoute(access, {
        summary: 'Edit a definition’s terms (the slug stays); reason required',
        description:
          'Applies to the next grant at once; bonuses already issued keep the terms they ' +
          'copied. A claim cap below the claims given is 400 body.claimCap. Audited.',
        params: adminSerialParamsSchema,
        body: adminBonusDefinitionUpdateBodySchema,
        response: { 200: adminBonusDefinitionSchema },
      }),
      (request) => service.updateDefinition(staffOf(request), request.params.id, request.body),
    );

    enabledSwitchRoute(app, '/bonus-definitions/:id/status', {
      access,
      summary: 'Activate or deactivate a definition; reason required',
      description:
        'A disabled definition is given to no one (codes naming it are refused as not ' +
        'available); bonuses already issued are left as they are. Audited.',
      response: adminBonusDefinitionSchema,
      set: service.setDefinitionEnabled,
    });

    app.get(
      '/bonus-codes',
      staffRoute(access, {
        summary: 'Bonus codes with their claims and redemptions: filtered, sorted, paged',
        querystring: adminBonusCodeQuerySchema,
        response: { 200: adminBonusCodeListSchema },
      }),
      (request) => service.listCodes(request.query),
    );

    app.post(
      '/bonus-codes',
      staffRoute(access, {
        summary: 'Create a bonus code (case-sensitive) for a definition; reason required',
        description:
          'Trigger 1 sign-up, 2 purchase, 3 instant; a cap of claims, a validity window and ' +
          'eligibility rules. Players can use it at once. 409 with body.code when it exists.',
        body: adminBonusCodeCreateBodySchema,
        response: { 201: adminBonusCodeSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.createCode(staffOf(request), request.body)),
    );

    app.put(
      '/bonus-codes/:id',
      staffRoute(access, {
        summary: 'Edit a code’s cap, validity and eligibility; reason required',
        params: adminSerialParamsSchema,
        body: adminBonusCodeUpdateBodySchema,
        response: { 200: adminBonusCodeSchema },
      }),
      (request) => service.updateCode(staffOf(request), request.params.id, request.body),
    );

    enabledSwitchRoute(app, '/bonus-codes/:id/status', {
      access,
      summary: 'Activate or deactivate a code; reason required',
      response: adminBonusCodeSchema,
      set: service.setCodeEnabled,
    });
  };
}
