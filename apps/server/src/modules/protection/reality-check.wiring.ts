import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { PlaySessionsRepo } from '../rgs/play-sessions.repo.ts';
import { createRealityCheckRepo } from './reality-check.repo.ts';
import { realityCheckRoutes } from './reality-check.routes.ts';
import { createRealityCheckService } from './reality-check.service.ts';

/**
 * Reality checks (issue 16, decision 036): wired after the game server, whose rounds tell the
 * play sessions. Routes under /player/protection/reality-check.
 */
export function wireRealityChecks(deps: {
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  playSessions: Pick<PlaySessionsRepo, 'runsBetween' | 'resultsBetween'>;
  now?: () => Date;
}) {
  const service = createRealityCheckService({
    repo: createRealityCheckRepo(deps.db),
    playSessions: deps.playSessions,
    now: deps.now,
  });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(realityCheckRoutes(service, deps.requireAuth), { prefix: '/player' });
  };
  return { service, routes };
}
