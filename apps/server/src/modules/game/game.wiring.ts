import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { createGameRepo } from './game.repo.ts';
import { gameRoutes } from './game.routes.ts';
import { createGameService } from './game.service.ts';

/**
 * The game catalog (spec §7 Game): collections, providers, games, favourites, played, rounds.
 * It owns the /game prefix (docs/decisions/018): the routes other modules serve under it — the
 * live boards' winners and activity, the game server's launch and fairness — are handed in by
 * the composition root and mounted here, so one place shows everything under /api/game.
 */
export function wireGame(deps: {
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  /** Other modules' routes under /game, mounted before the catalog's own. */
  mounted: FastifyPluginAsyncZod[];
}) {
  const service = createGameService({ repo: createGameRepo(deps.db) });
  /** Register with the /game prefix. */
  const routes: FastifyPluginAsyncZod = async (game) => {
    for (const plugin of deps.mounted) await game.register(plugin);
    await game.register(gameRoutes(service, deps.requireAuth));
  };
  return { routes };
}
