import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientSeedBodySchema,
  fairnessSchema,
  gameRefParamsSchema,
  playGameAnswerSchema,
  playGameBodySchema,
  roundIdParamsSchema,
  roundReplaySchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { FairnessService } from './fairness.service.ts';
import type { GameSessionService } from './game-session.service.ts';
import type { ReplayService } from './replay.service.ts';

const tags = ['game'];
const security = [{ bearerAuth: [] }];

/** The player's side of the game server under /api/game: launch, fairness, replay. */
export function gameServerRoutes(deps: {
  sessions: GameSessionService;
  fairness: FairnessService;
  replay: ReplayService;
  requireAuth: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { requireAuth } = deps;
  return async (app) => {
    app.post(
      '/games/:id/play',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Launch a game: a game session in the active wallet currency',
          description:
            'The launch URL carries the game-session token in its fragment. 404 for an unknown ' +
            'or disabled game; 403 GAME_UNAVAILABLE in a country none of its collections is ' +
            'offered in; 409 CURRENCY_NOT_PLAYABLE unless the active account is GC or SC.',
          params: gameRefParamsSchema,
          body: playGameBodySchema,
          response: { 200: playGameAnswerSchema },
        },
      },
      (request) => deps.sessions.play(actorOf(request), request.params.id, request.body),
    );

    app.get(
      '/fairness',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The active seed pair’s commitment and the last revealed pair',
          response: { 200: fairnessSchema },
        },
      },
      (request) => deps.fairness.get(actorOf(request).playerId),
    );

    app.put(
      '/fairness/client-seed',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Set the client seed: reveals the current pair and starts a new one',
          description: '409 ROUND_OPEN while a round is open.',
          body: clientSeedBodySchema,
          response: { 200: fairnessSchema },
        },
      },
      (request) => deps.fairness.setClientSeed(actorOf(request).playerId, request.body.clientSeed),
    );

    app.post(
      '/fairness/rotate',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Rotate the server seed: reveals it as `previous`, commits to a new one',
          description: '409 ROUND_OPEN while a round is open.',
          response: { 200: fairnessSchema },
        },
      },
      (request) => deps.fairness.rotate(actorOf(request).playerId),
    );

    app.get(
      '/spins/:id/replay',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'A round with what recomputing it takes (seed once revealed, actions)',
          params: roundIdParamsSchema,
          response: { 200: roundReplaySchema },
        },
      },
      (request) => deps.replay.replay(actorOf(request), request.params.id),
    );
  };
}
