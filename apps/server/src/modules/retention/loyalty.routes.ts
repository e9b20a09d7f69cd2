import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loyaltyLevelListSchema,
  playerVipSchema,
  retentionAccountSchema,
  vipProgrammeSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { LoyaltyService } from './loyalty.service.ts';
import type { VipService } from './vip.service.ts';

const tags = ['retention'];
const security = [{ bearerAuth: [] }];

/**
 * Spec §7 Retention (levels, account) and the VIP calls, mounted under /api/retention beside
 * the quest routes. The ladder and the programme are public (guests see them, spec §6); the
 * account and the player's benefits need a player.
 */
export function loyaltyRoutes(deps: {
  loyalty: LoyaltyService;
  vip: VipService;
  requireAuth: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { loyalty, vip, requireAuth } = deps;
  return async (app) => {
    app.get(
      '/levels',
      {
        schema: {
          tags,
          summary: 'The loyalty levels with their sublevels, colours, images and rewards',
          response: { 200: loyaltyLevelListSchema },
        },
      },
      () => loyalty.levels(),
    );

    app.get(
      '/account',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The player’s retention account: points, level, sublevel, points to the next',
          response: { 200: retentionAccountSchema },
        },
      },
      (request) => loyalty.account(actorOf(request)),
    );

    app.get(
      '/vip/programme',
      {
        schema: {
          tags,
          summary: 'The VIP programme: the benefits of each VIP level',
          response: { 200: vipProgrammeSchema },
        },
      },
      () => vip.programme(),
    );

    app.get(
      '/vip/benefits',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The player’s VIP benefits, rakeback accrued and personal host',
          response: { 200: playerVipSchema },
        },
      },
      (request) => vip.benefits(actorOf(request)),
    );
  };
}
