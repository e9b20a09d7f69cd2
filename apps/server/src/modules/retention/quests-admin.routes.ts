import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminQuestCreateBodySchema,
  adminQuestListSchema,
  adminQuestPackageBodySchema,
  adminQuestPackageCreateBodySchema,
  adminQuestPackageStepsBodySchema,
  adminQuestPackageListSchema,
  adminQuestPackageSchema,
  adminQuestQuerySchema,
  adminQuestSchema,
  adminQuestUpdateBodySchema,
  adminSerialParamsSchema,
} from '@coinfall/shared';
import { enabledSwitchRoute } from '../backoffice/enabled-switch.ts';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { QuestsAdminService } from './quests-admin.service.ts';

const access = 'promotions.manage';

/**
 * Quests and chains for staff (decision 042), mounted by the back office under /admin behind
 * its guard: marketing and admin. Every change is audited with its reason and clears the quest
 * engine's cached catalogue.
 */
export function questsAdminRoutes(service: QuestsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/quests',
      staffRoute(access, {
        summary: 'Quest definitions (single quests and chain steps): filtered, sorted, paged',
        querystring: adminQuestQuerySchema,
        response: { 200: adminQuestListSchema },
      }),
      (request) => service.listQuests(request.query),
    );

    app.get(
      '/quests/:id',
      staffRoute(access, {
        summary: 'One quest definition with its tasks',
        params: adminSerialParamsSchema,
        response: { 200: adminQuestSchema },
      }),
      (request) => service.quest(request.params.id),
    );

    app.post(
      '/quests',
      staffRoute(access, {
        summary: 'Create a single quest: names per locale, tasks, reward, window; reason required',
        description:
          'A bonus or free-spins reward names an existing bonus definition (400 ' +
          'body.reward.bonusSlug otherwise); 409 body.identity when taken. Eligible players ' +
          'are enrolled at their next event or quest list. Audited.',
        body: adminQuestCreateBodySchema,
        response: { 201: adminQuestSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.createQuest(staffOf(request), request.body)),
    );

    app.put(
      '/quests/:id',
      staffRoute(access, {
        summary: 'Edit a quest (or a chain step); reason required',
        description:
          'While players hold the quest its tasks keep their rules (409 body.tasks): only ' +
          'their names change. Audited.',
        params: adminSerialParamsSchema,
        body: adminQuestUpdateBodySchema,
        response: { 200: adminQuestSchema },
      }),
      (request) => service.updateQuest(staffOf(request), request.params.id, request.body),
    );

    enabledSwitchRoute(app, '/quests/:id/status', {
      access,
      summary: 'Activate or deactivate a quest; reason required',
      description: 'A deactivated quest enrols no one more; players who hold it keep it. Audited.',
      response: adminQuestSchema,
      set: service.setQuestEnabled,
    });

    app.get(
      '/quest-packages',
      staffRoute(access, {
        summary: 'Quest chains with their steps',
        response: { 200: adminQuestPackageListSchema },
      }),
      () => service.listPackages(),
    );

    app.post(
      '/quest-packages',
      staffRoute(access, {
        summary: 'Create a chain of existing quests, in order; reason required',
        description:
          'Each listed quest exists (400 body.questIds.N), is in no other chain and is held ' +
          'by no player as a single quest (409 body.questIds.N); 409 body.identity when ' +
          'taken. Audited.',
        body: adminQuestPackageCreateBodySchema,
        response: { 201: adminQuestPackageSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.createPackage(staffOf(request), request.body)),
    );

    app.put(
      '/quest-packages/:id/steps',
      staffRoute(access, {
        summary: "Set a chain's steps, in order: reached steps stay in place; reason required",
        description:
          'Checked as when creating one. The steps any player has reached, and those before ' +
          'them, stay first and in place: 409 CHAIN_STEP_REACHED naming the entry otherwise ' +
          '(decision 061). Players walking the chain get added steps; steps left out become ' +
          'single quests. Audited.',
        params: adminSerialParamsSchema,
        body: adminQuestPackageStepsBodySchema,
        response: { 200: adminQuestPackageSchema },
      }),
      (request) => service.setPackageSteps(staffOf(request), request.params.id, request.body),
    );

    app.put(
      '/quest-packages/:id',
      staffRoute(access, {
        summary: 'Edit a chain: names per locale, reward, window, eligibility; reason required',
        params: adminSerialParamsSchema,
        body: adminQuestPackageBodySchema,
        response: { 200: adminQuestPackageSchema },
      }),
      (request) => service.updatePackage(staffOf(request), request.params.id, request.body),
    );

    enabledSwitchRoute(app, '/quest-packages/:id/status', {
      access,
      summary: 'Activate or deactivate a chain; reason required',
      response: adminQuestPackageSchema,
      set: service.setPackageEnabled,
    });
  };
}
