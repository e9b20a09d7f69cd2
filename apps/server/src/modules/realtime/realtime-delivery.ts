import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { OutboxDispatcher, OutboxHandler } from '../../platform/events/outbox-dispatcher.ts';
import { createDispatcherFor } from '../../platform/events/outbox.wiring.ts';
import type { Broker } from './broker.ts';
import { publicationsOf } from './event-channels.fns.ts';

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
 * Event delivery (decision 013): the outbox dispatcher, started when the app is ready and
 * stopped when it closes. For each event it runs the realtime publications first, then the
 * `handlers` the composition root assembles from other modules (the live boards, the big-win
 * alerts), in order; `housekeeping` runs beside the outbox's own.
 */
export function wireEventDelivery(deps: {
  app: FastifyInstance;
  database: DatabaseHandle;
  broker: Broker;
  handlers: OutboxHandler[];
  housekeeping: (() => Promise<void>)[];
}): { broker: Broker; dispatcher: OutboxDispatcher } {
  const { app, broker } = deps;
  const dispatcher = createDispatcherFor(deps.database, app.log, {
    housekeeping: deps.housekeeping,
  });
  dispatcher.on(createRealtimeDelivery({ broker }));
  for (const handler of deps.handlers) dispatcher.on(handler);
  app.addHook('onReady', () => dispatcher.start());
  app.addHook('onClose', () => dispatcher.stop());
  return { broker, dispatcher };
}
