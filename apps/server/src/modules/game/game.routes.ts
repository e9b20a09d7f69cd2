import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  favoriteAnswerSchema,
  gameArraySchema,
  gameCollectionListSchema,
  gameListQuerySchema,
  gameListSchema,
  gameProviderListSchema,
  gameRefParamsSchema,
  gameSchema,
  spinListQuerySchema,
  spinListSchema,
} from '@coinfall/shared';
import { actorOf, optionalAuth } from '../../platform/auth.ts';
import { unbracketQuery } from '../../platform/bracket-query.ts';
import type { GameService } from './game.service.ts';

const tags = ['game'];
const security = [{ bearerAuth: [] }];
/** Guest-visible routes accept a token (for isFavorite and country rules) but do not need one. */
const maybeSecurity: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/**
 * Spec §7 Game, under /api/game. The static `/games/favorites` and `/games/played` win over
 * `/games/:id` (find-my-way prefers static segments): a game named `favorites` or `played` would
 * be reachable by numeric id only, and the catalog has none.
 */
export function gameRoutes(
  service: GameService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  const maybeAuth = optionalAuth(requireAuth);
  return async (app) => {
    app.get(
      '/collections',
      {
        schema: {
          tags,
          summary: 'Every collection with its countries (empty = everywhere) and games count',
          response: { 200: gameCollectionListSchema },
        },
      },
      () => service.listCollections(),
    );

    app.get(
      '/providers',
      {
        schema: {
          tags,
          summary: 'Game providers with their games count (the hidden sportsbook is not listed)',
          response: { 200: gameProviderListSchema },
        },
      },
      () => service.listProviders(),
    );

    app.get(
      '/games',
      {
        onRequest: maybeAuth,
        preValidation: unbracketQuery(['gameId']),
        schema: {
          tags,
          security: maybeSecurity,
          summary:
            'Games by collection, provider, name search or ids (gameId[]), sorted and paged; ' +
            '404 for an unknown collection or provider, 403 COLLECTION_UNAVAILABLE outside its countries',
          querystring: gameListQuerySchema,
          response: { 200: gameListSchema },
        },
      },
      (request) => service.listGames(request.actor, request.query),
    );

    app.get(
      '/games/favorites',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The player’s favourite games, the latest marked first',
          response: { 200: gameArraySchema },
        },
      },
      (request) => service.listFavorites(actorOf(request)),
    );

    app.get(
      '/games/played',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The games the player played recently, each once, the latest first',
          response: { 200: gameArraySchema },
        },
      },
      (request) => service.listPlayed(actorOf(request)),
    );

    app.get(
      '/games/:id',
      {
        onRequest: maybeAuth,
        schema: {
          tags,
          security: maybeSecurity,
          summary: 'One enabled game by numeric id or identity',
          params: gameRefParamsSchema,
          response: { 200: gameSchema },
        },
      },
      (request) => service.getGame(request.actor, request.params.id),
    );

    app.post(
      '/games/:id/favorite',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Mark a game as a favourite (marking it again changes nothing)',
          params: gameRefParamsSchema,
          response: { 200: favoriteAnswerSchema },
        },
      },
      (request) => service.addFavorite(actorOf(request), request.params.id),
    );

    app.delete(
      '/games/:id/favorite',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Unmark a favourite game (unmarking it again changes nothing)',
          params: gameRefParamsSchema,
          response: { 200: favoriteAnswerSchema },
        },
      },
      (request) => service.removeFavorite(actorOf(request), request.params.id),
    );

    app.get(
      '/spins',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The player’s rounds, newest first, with the seed pair of each',
          querystring: spinListQuerySchema,
          response: { 200: spinListSchema },
        },
      },
      (request) => service.listSpins(actorOf(request), request.query),
    );
  };
}
