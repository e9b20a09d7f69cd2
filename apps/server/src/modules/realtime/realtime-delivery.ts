import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { OutboxHandler } from '../../platform/events/outbox-dispatcher.ts';
import { createDispatcherFor, type OutboxTuning } from '../../platform/events/outbox.wiring.ts';
import { wireLiveBoards } from '../live-boards/live-boards.wiring.ts';
import type { Broker } from './broker.ts';
import { publicationsOf } from './event-channels.fns.ts';
import { createMemoryBroker } from './memory-broker.ts';

/**
 * The outbox handler that pushes domain events to their realtime channels. Publications go one
 * after the other, so each channel's offsets follow the outbox order; a failed publish throws and
 * the dispatcher redelivers the event (the client may see its id twice, never out of order).
 */
export function createRealtimeDelivery(deps: { broker: Pick<Broker, 'publish'> }): OutboxHandler {
  return async (event) => {
    for (const { channel, data } of publicationsOf(event)) {
      await deps.broker.publish(channel, data);
    }
  };
}

/**
 * Event delivery, built in the composition root: the outbox dispatcher with its handlers
 * (realtime publications, the live boards, then the `handlers` of other modules), started when the app is ready and stopped when
 * it closes. `broker` is the gateway's; absent, an in-process one is made (one node only).
 */
export function wireEventDelivery(deps: {
  app: FastifyInstance;
  config: Pick<Config, 'sandbox'>;
  database: DatabaseHandle;
  broker?: Broker;
  log?: FastifyBaseLogger;
  tuning?: OutboxTuning;
  winnersDebounceMs?: number;
  /** More handlers, run after the boards for each event (the big-win alerts). */
  handlers?: OutboxHandler[];
}) {
  const { app, config, database } = deps;
  const log = deps.log ?? app.log;
  // Stand-in until the gateway's broker is passed: history for a few minutes of reconnects.
  const broker = deps.broker ?? createMemoryBroker({ policy: { size: 100, ttlMs: 5 * 60_000 } });
  const liveBoards = wireLiveBoards({
    config,
    db: database.db,
    background: database.background,
    broker,
    log,
    debounceMs: deps.winnersDebounceMs,
  });
  const dispatcher = createDispatcherFor(database, log, {
    ...deps.tuning,
    housekeeping: [...(deps.tuning?.housekeeping ?? []), () => liveBoards.service.prune()],
  });
  // In this order for each event: its realtime publications, the boards, the rest.
  dispatcher.on(createRealtimeDelivery({ broker }));
  dispatcher.on((event) => liveBoards.service.onEvent(event));
  for (const handler of deps.handlers ?? []) dispatcher.on(handler);
  app.addHook('onReady', () => dispatcher.start());
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    liveBoards.service.stop();
    if (!deps.broker) await broker.close();
  });
  const delivery = {
    broker,
    dispatcher,
    liveBoards: liveBoards.service,
    routes: liveBoards.routes,
  };
  // Reachable from the app for whoever needs the same broker or dispatcher (tests, the gateway).
  app.decorate('eventDelivery', delivery);
  return delivery;
}
export type EventDelivery = ReturnType<typeof wireEventDelivery>;

declare module 'fastify' {
  interface FastifyInstance {
    eventDelivery: EventDelivery;
  }
}
