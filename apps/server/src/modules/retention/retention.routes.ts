import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  playerQuestIdParamsSchema,
  playerQuestListQuerySchema,
  playerQuestListSchema,
  playerQuestPackageListQuerySchema,
  playerQuestPackageListSchema,
  playerQuestSchema,
  questDefinitionListQuerySchema,
  questDefinitionListSchema,
  questPackageDefinitionListQuerySchema,
  questPackageDefinitionListSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { unbracketQuery } from '../../platform/bracket-query.ts';
import type { RetentionService } from './retention.service.ts';

const tags = ['retention'];
const security = [{ bearerAuth: [] }];
const STATES_NOTE =
  'state=1,2 or state[]=1&state[]=2: 1 manual, 2 activated, 3 completed, 4 awarded, ' +
  '5 not accessible yet (a chain step not reached), 6 not accessible any more (ended). ' +
  'Active = 1–2, finished = 3–6.';

/**
 * Spec §7 Retention, quests part, under /api/retention (the loyalty routes share the prefix from
 * a plugin of their own). The definitions are public; the player's quests need a session.
 */
export function retentionRoutes(deps: {
  service: RetentionService;
  requireAuth: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { service, requireAuth } = deps;
  return async (app) => {
    app.get(
      '/player-quest-packages',
      {
        onRequest: requireAuth,
        preValidation: unbracketQuery(['state']),
        schema: {
          tags,
          security,
          summary: 'The player’s quest chains with their steps, newest first (10 a page)',
          description: STATES_NOTE,
          querystring: playerQuestPackageListQuerySchema,
          response: { 200: playerQuestPackageListSchema },
        },
      },
      (request) => service.listPlayerPackages(actorOf(request), request.query),
    );

    app.get(
      '/player-quests',
      {
        onRequest: requireAuth,
        preValidation: unbracketQuery(['state']),
        schema: {
          tags,
          security,
          summary: 'The player’s quests (single and chain steps) with task progress (100 a page)',
          description: STATES_NOTE,
          querystring: playerQuestListQuerySchema,
          response: { 200: playerQuestListSchema },
        },
      },
      (request) => service.listPlayerQuests(actorOf(request), request.query),
    );

    app.get(
      '/quest-packages',
      {
        schema: {
          tags,
          summary: 'Quest chains as defined, their steps in order (10 a page)',
          querystring: questPackageDefinitionListQuerySchema,
          response: { 200: questPackageDefinitionListSchema },
        },
      },
      (request) => service.listPackages(request.query),
    );

    app.get(
      '/quests',
      {
        schema: {
          tags,
          summary: 'Single quests as defined (100 a page); chain steps are listed with their chain',
          querystring: questDefinitionListQuerySchema,
          response: { 200: questDefinitionListSchema },
        },
      },
      (request) => service.listQuests(request.query),
    );

    app.put(
      '/quests/:id/activate',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Activate a manual quest (state 1 → 2): its tasks start counting',
          description:
            '`id` is the player quest’s. 409 CONFLICT when it is not awaiting activation; ' +
            '404 for another player’s quest.',
          params: playerQuestIdParamsSchema,
          response: { 200: playerQuestSchema },
        },
      },
      (request) => service.activate(actorOf(request), request.params.id),
    );
  };
}
