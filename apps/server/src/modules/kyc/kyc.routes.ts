import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KYC_REQUIRED_FIELDS, kycStateSchema, tsevoPlayerBodySchema } from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { KycService } from './kyc.service.ts';

const security = [{ bearerAuth: [] }];
const PATH = '/integrations/tsevo/player';

/** KYC at tsevo (spec §7 "Player"): every route needs a logged-in player. */
export function kycRoutes(
  kyc: KycService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    app.addHook('onRequest', requireAuth);
    const needs = `Needs ${KYC_REQUIRED_FIELDS.join(', ')} from the profile or the body (400 naming each one missing).`;

    app.get(
      PATH,
      {
        schema: {
          tags,
          security,
          summary: 'The player’s identity-check state (status none before any check)',
          response: { 200: kycStateSchema },
        },
      },
      (request) => kyc.state(actorOf(request)),
    );

    app.post(
      PATH,
      {
        schema: {
          tags,
          security,
          summary: 'Register the player at the KYC provider: a new check, pending',
          description: `${needs} 409 when verified already or while a check is pending.`,
          body: tsevoPlayerBodySchema,
          response: { 200: kycStateSchema },
        },
      },
      (request) => kyc.create(actorOf(request), request.body),
    );

    app.put(
      PATH,
      {
        schema: {
          tags,
          security,
          summary: 'Send corrected data for the pending or rejected check; pending again',
          description: `${needs} 404 without a check, 409 once verified.`,
          body: tsevoPlayerBodySchema,
          response: { 200: kycStateSchema },
        },
      },
      (request) => kyc.update(actorOf(request), request.body),
    );

    app.post(
      `${PATH}/validate`,
      {
        schema: {
          tags,
          security,
          summary: 'Ask the provider for the check’s result and store it',
          description:
            'Verified sets kycVerified on the profile. A changed status is published as a kyc.player.updated event. 404 without a check.',
          response: { 200: kycStateSchema },
        },
      },
      (request) => kyc.validate(actorOf(request)),
    );
  };
}
