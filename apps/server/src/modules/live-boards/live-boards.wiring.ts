import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxHandler } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxEvent, OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { Broker } from '../realtime/broker.ts';
import { createLiveBoardsRepo } from './live-boards.repo.ts';
import { liveBoardsDevRoutes, liveBoardsRoutes } from './live-boards.routes.ts';
import { createLiveBoardsService } from './live-boards.service.ts';

/**
 * The live boards: the service, its outbox handler and housekeeping (the root hands both to
 * event delivery), the winners/activity routes (mounted by the game catalog under /game) and
 * the sandbox routes for the /api scope.
 */
export function wireLiveBoards(deps: {
  config: Pick<Config, 'sandbox'>;
  db: Database;
  /** Where the outbox handler writes (DatabaseHandle.background); `db` if absent. */
  background?: Database;
  broker: Pick<Broker, 'publish' | 'publishMany'>;
  outbox: OutboxRecorder;
  /** The guard of the sandbox routes (/api/dev). */
  operators: Pick<OperatorAuth, 'requireOperator'>;
  log: FastifyBaseLogger;
  debounceMs?: number;
}) {
  const { config, db } = deps;
  const service = createLiveBoardsService({
    db,
    repo: createLiveBoardsRepo(db),
    eventRepo: createLiveBoardsRepo(deps.background ?? db),
    broker: deps.broker,
    outbox: deps.outbox,
    log: deps.log,
    debounceMs: deps.debounceMs,
  });
  const handler: OutboxHandler = Object.assign((event: OutboxEvent) => service.onEvent(event), {
    batch: (events: OutboxEvent[]) => service.onEvents(events),
  });
  const devRoutes: FastifyPluginAsyncZod = async (api) => {
    if (!config.sandbox) return;
    await api.register(liveBoardsDevRoutes(service, deps.operators.requireOperator), {
      prefix: '/dev',
    });
  };
  return {
    service,
    handler,
    housekeeping: () => service.prune(),
    /** Winners and activity boards: mounted under /game by the catalog's wiring. */
    gameRoutes: liveBoardsRoutes(service),
    devRoutes,
  };
}
