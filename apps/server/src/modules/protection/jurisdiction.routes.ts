import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  jurisdictionRuleListSchema,
  jurisdictionRuleSchema,
  sweepsStandingSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { JurisdictionService } from './jurisdiction.service.ts';

/** The player's jurisdiction standing, under /player (the game page and wallet explain with it). */
export function jurisdictionRoutes(
  jurisdiction: JurisdictionService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/protection/jurisdiction',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['player'],
          security: [{ bearerAuth: [] }],
          summary:
            'What the player’s state or country allows now: Sweeps Coins play, purchase bonuses, redemptions',
          description:
            'The place is the profile’s country and region (a state code or name). No rule for ' +
            'it: everything allowed. Gold Coins play is never restricted.',
          response: { 200: sweepsStandingSchema },
        },
      },
      (request) => jurisdiction.standing(actorOf(request)),
    );
  };
}

/** The operator's table (back office to mount): read every rule, put one. */
export function jurisdictionDevRoutes(deps: {
  jurisdiction: JurisdictionService;
  requireOperator: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/protection/jurisdictions',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary: 'Operator: every jurisdiction rule, by place and start date',
          response: { 200: jurisdictionRuleListSchema },
        },
      },
      () => deps.jurisdiction.list(),
    );
    app.put(
      '/protection/jurisdictions',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary:
            'Operator: add a rule for a place from a date (the same place and date replaces it)',
          body: jurisdictionRuleSchema,
          response: { 200: jurisdictionRuleSchema },
        },
      },
      (request) => deps.jurisdiction.put(request.body),
    );
  };
}
