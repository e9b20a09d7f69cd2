import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Broker } from '../realtime/broker.ts';
import { createLiveBoardsRepo } from './live-boards.repo.ts';
import { liveBoardsDevRoutes, liveBoardsRoutes } from './live-boards.routes.ts';
import { createLiveBoardsService } from './live-boards.service.ts';

/** The live boards: the service (its onEvent is an outbox handler) and routes for the /api scope. */
export function wireLiveBoards(deps: {
  config: Pick<Config, 'sandbox'>;
  db: Database;
  /** Where the outbox handler writes (DatabaseHandle.background); `db` if absent. */
  background?: Database;
  broker: Pick<Broker, 'publish'>;
  log: FastifyBaseLogger;
  debounceMs?: number;
}) {
  const { config, db, broker, log } = deps;
  const service = createLiveBoardsService({
    db,
    repo: createLiveBoardsRepo(db),
    eventRepo: createLiveBoardsRepo(deps.background ?? db),
    broker,
    log,
    debounceMs: deps.debounceMs,
  });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(liveBoardsRoutes(service), { prefix: '/game' });
    if (config.sandbox) await api.register(liveBoardsDevRoutes(service), { prefix: '/dev' });
  };
  return { service, routes };
}
