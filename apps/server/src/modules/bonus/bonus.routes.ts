import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bonusCodeListQuerySchema,
  bonusCodeListSchema,
  claimBonusCodeBodySchema,
  dailyBonusClaimSchema,
  dailyBonusStateSchema,
  idempotencyHeadersSchema,
  playerBonusCodeSchema,
  playerBonusIdParamsSchema,
  playerBonusListQuerySchema,
  playerBonusListSchema,
  playerBonusSchema,
  playerFreeSpinListQuerySchema,
  playerFreeSpinListSchema,
  playerFreeSpinSchema,
  removeBonusCodeQuerySchema,
  noContentSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { unbracketQuery } from '../../platform/bracket-query.ts';
import { respondIdempotent, type Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { BonusCodesService } from './bonus-codes.service.ts';
import type { BonusService } from './bonus.service.ts';
import type { DailyBonusService } from './daily-bonus.service.ts';

const tags = ['bonus'];
const security = [{ bearerAuth: [] }];
const noBody = z.object({}).strict().nullish();
const CONFLICT_NOTE = '409 CONFLICT when the bonus’s status does not allow it.';
/** Decision 046: the jurisdiction door of every claim. */
const PLACE_NOTE =
  '403 PURCHASE_BONUS_NOT_ALLOWED where the player’s place refuses bonuses (details.country, region, source).';

/** Spec §7 Bonus, mounted under /api/game by the catalog's wiring; every route needs a player. */
export function bonusRoutes(deps: {
  bonuses: BonusService;
  codes: BonusCodesService;
  daily: DailyBonusService;
  idempotency: Idempotency;
  requireAuth: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { bonuses, codes, daily, requireAuth } = deps;
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/player-bonuses',
      {
        preValidation: unbracketQuery(['status']),
        schema: {
          tags,
          security,
          summary: 'The player’s bonuses, newest first (status=1,2 or status[]=1&status[]=2)',
          querystring: playerBonusListQuerySchema,
          response: { 200: playerBonusListSchema },
        },
      },
      (request) => bonuses.listBonuses(actorOf(request), request.query),
    );

    app.put(
      '/player-bonuses/:id/activate',
      {
        schema: {
          tags,
          security,
          summary: 'Activate an issued bonus: its amount moves into the bonus balance',
          description: `${PLACE_NOTE} ${CONFLICT_NOTE} Also 409 while another bonus of its currency is active. 404 for another player’s bonus.`,
          params: playerBonusIdParamsSchema,
          response: { 200: playerBonusSchema },
        },
      },
      (request) => bonuses.activateBonus(actorOf(request), request.params.id),
    );

    app.put(
      '/player-bonuses/:id/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancel an issued or active bonus: what remains of its balance is forfeited',
          description: `${CONFLICT_NOTE} 404 for another player’s bonus.`,
          params: playerBonusIdParamsSchema,
          response: { 200: playerBonusSchema },
        },
      },
      (request) => bonuses.cancelBonus(actorOf(request), request.params.id),
    );

    app.get(
      '/player-freespins',
      {
        preValidation: unbracketQuery(['status']),
        schema: {
          tags,
          security,
          summary: 'The player’s free spins with their slot, newest first (9 a page by default)',
          querystring: playerFreeSpinListQuerySchema,
          response: { 200: playerFreeSpinListSchema },
        },
      },
      (request) => bonuses.listFreeSpins(actorOf(request), request.query),
    );

    app.put(
      '/player-freespins/:id/activate',
      {
        schema: {
          tags,
          security,
          summary: 'Activate issued free spins',
          description: `${PLACE_NOTE} ${CONFLICT_NOTE} 404 for another player’s free spins.`,
          params: playerBonusIdParamsSchema,
          response: { 200: playerFreeSpinSchema },
        },
      },
      (request) => bonuses.activateFreeSpins(actorOf(request), request.params.id),
    );

    app.put(
      '/player-freespins/:id/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancel free spins (their unpaid wins are forfeited)',
          description: `${CONFLICT_NOTE} 404 for another player’s free spins.`,
          params: playerBonusIdParamsSchema,
          response: { 200: playerFreeSpinSchema },
        },
      },
      (request) => bonuses.cancelFreeSpins(actorOf(request), request.params.id),
    );

    app.get(
      '/bonuses/bonuscodes',
      {
        schema: {
          tags,
          security,
          summary: 'The codes the player entered (pending and applied), by trigger (or type)',
          querystring: bonusCodeListQuerySchema,
          response: { 200: bonusCodeListSchema },
        },
      },
      (request) => codes.list(actorOf(request), request.query.trigger ?? request.query.type),
    );

    app.post(
      '/bonuses/bonuscodes',
      {
        schema: {
          tags,
          security,
          summary: 'Enter a bonus code: an instant one applies at once, a purchase one waits',
          description:
            'Case-sensitive. Refusals answer 409 CONFLICT with details.bonusCodeStatus 3 (no such ' +
            'code) or 4 (not available: expired, used up, used already, not for this player). ' +
            PLACE_NOTE,
          body: claimBonusCodeBodySchema,
          response: { 200: playerBonusCodeSchema },
        },
      },
      (request) => codes.claim(actorOf(request), request.body),
    );

    app.delete(
      '/bonuses/bonuscodes',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a pending code (one waiting for a purchase)',
          description: '409 CONFLICT for an applied code; 404 for another player’s.',
          querystring: removeBonusCodeQuerySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await codes.remove(actorOf(request), request.query.playerBonusCodeId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/bonuses/daily',
      {
        schema: {
          tags,
          security,
          summary: 'The daily login bonus: claimable now, the streak and what the claim gives',
          response: { 200: dailyBonusStateSchema },
        },
      },
      (request) => daily.state(actorOf(request)),
    );

    app.post(
      '/bonuses/daily',
      {
        schema: {
          tags,
          security,
          summary: 'Claim the daily login bonus (once per 24 h; the streak holds within 48 h)',
          description:
            'Idempotent by the Idempotency-Key header. 409 CONFLICT before the next claim time. ' +
            PLACE_NOTE,
          headers: idempotencyHeadersSchema,
          // Nothing to send; anything else sent is refused rather than hashed into the key.
          body: noBody,
          response: { 200: dailyBonusClaimSchema },
        },
      },
      async (request, reply) =>
        respondIdempotent(deps.idempotency, request, reply, 'bonus.daily.claim', (actor) =>
          daily.claim(actor),
        ),
    );
  };
}
