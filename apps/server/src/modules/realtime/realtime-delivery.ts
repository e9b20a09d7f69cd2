import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  type BatchOutcome,
  type OutboxDispatcher,
  type OutboxHandler,
  oneByOne,
} from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxEvent } from '../../platform/events/outbox.repo.ts';
import { createDispatcherFor } from '../../platform/events/outbox.wiring.ts';
import type { OutboxCommits } from '../../platform/events/outbox-commits.ts';
import type { Broker } from './broker.ts';
import { publicationsOf } from './event-channels.fns.ts';

/**
 * The outbox handler that pushes domain events to their realtime channels. Publications go in
 * outbox order, so each channel's offsets follow it; a failed publish throws and the dispatcher
 * redelivers the event (the client may see its id twice). In a pipeline Redis could refuse one
 * script and run the next (out of memory, not an outage, which fails them all): the one refused
 * then comes again after it.
 */
export function createRealtimeDelivery(deps: {
  broker: Pick<Broker, 'publish' | 'publishMany'>;
}): OutboxHandler {
  const { broker } = deps;
  const one = async (event: OutboxEvent): Promise<void> => {
    for (const { channel, data } of publicationsOf(event)) {
      await broker.publish(channel, data);
    }
  };
  /**
   * A read at once (decision 044): its publications in outbox order, in one exchange with the
   * broker (a Redis pipeline); a publication that fails stops the read at its event.
   */
  const batch = async (events: OutboxEvent[]): Promise<BatchOutcome> => {
    if (!broker.publishMany) return oneByOne(one)(events);
    const items: { channel: string; data: unknown; index: number }[] = [];
    events.forEach((event, index) => {
      for (const p of publicationsOf(event)) items.push({ ...p, index });
    });
    const { published, error } = await broker.publishMany(items);
    if (published === items.length) return { handled: events.length };
    return { handled: items[published]!.index, error };
  };
  return Object.assign(one, { batch });
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
  /** Commits on this node that recorded events: the dispatcher reads at once (decision 051). */
  commits: OutboxCommits;
  broker: Broker;
  handlers: OutboxHandler[];
  housekeeping: (() => Promise<void>)[];
}): { broker: Broker; dispatcher: OutboxDispatcher } {
  const { app, broker } = deps;
  const dispatcher = createDispatcherFor(deps.database, app.log, {
    housekeeping: deps.housekeeping,
    commits: deps.commits,
  });
  dispatcher.on(createRealtimeDelivery({ broker }));
  for (const handler of deps.handlers) dispatcher.on(handler);
  app.addHook('onReady', () => dispatcher.start());
  app.addHook('onClose', () => dispatcher.stop());
  return { broker, dispatcher };
}
