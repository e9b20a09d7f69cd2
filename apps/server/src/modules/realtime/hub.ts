import type { Broker, Publication } from './broker.ts';

/** Whatever on this node wants a channel's publications (a client's subscription). */
export interface HubSubscriber {
  deliver(channel: string, epoch: string, publication: Publication): void;
}

export interface Hub {
  add(channel: string, subscriber: HubSubscriber): void;
  remove(channel: string, subscriber: HubSubscriber): void;
  close(): void;
}

/**
 * Per node: channel → local subscribers. The broker hands every publication of every channel to
 * this node once; the hub forwards it to the subscribers of that channel only.
 */
export function createHub(broker: Broker, onError: (err: unknown) => void): Hub {
  const channels = new Map<string, Set<HubSubscriber>>();
  const stop = broker.onPublication(({ channel, epoch, publication }) => {
    const subscribers = channels.get(channel);
    if (!subscribers) return;
    for (const subscriber of [...subscribers]) {
      // One broken subscriber must not starve the others nor the broker's publish.
      try {
        subscriber.deliver(channel, epoch, publication);
      } catch (err) {
        onError(err);
      }
    }
  });
  return {
    add(channel, subscriber) {
      let subscribers = channels.get(channel);
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
    },
    remove(channel, subscriber) {
      const subscribers = channels.get(channel);
      if (!subscribers) return;
      subscribers.delete(subscriber);
      if (subscribers.size === 0) channels.delete(channel);
    },
    close() {
      stop();
      channels.clear();
    },
  };
}

/**
 * One client's subscription to one channel. While the subscribe command reads history it only
 * buffers (the subscribe reply must reach the client before any publication); `goLive` then
 * writes the buffer, skipping what the reply already carried, and forwards from there on.
 * On a recoverable channel a hole in the offsets (or a new epoch) means the client missed
 * something: `onGap` disconnects it so it reconnects and recovers.
 */
export function createChannelSubscription(options: {
  channel: string;
  recoverable: boolean;
  write(publication: Publication): void;
  onGap(): void;
}): HubSubscriber & { goLive(epoch: string, lastOffset: number): void } {
  let buffer: { epoch: string; publication: Publication }[] | null = [];
  let epoch = '';
  let lastOffset = 0;

  function forward(fromEpoch: string, publication: Publication) {
    if (fromEpoch !== epoch) {
      if (options.recoverable) options.onGap();
      else options.write(publication);
      return;
    }
    if (publication.offset <= lastOffset) return;
    if (options.recoverable && publication.offset !== lastOffset + 1) {
      options.onGap();
      return;
    }
    lastOffset = publication.offset;
    options.write(publication);
  }

  return {
    deliver(_channel, fromEpoch, publication) {
      if (buffer) buffer.push({ epoch: fromEpoch, publication });
      else forward(fromEpoch, publication);
    },
    goLive(currentEpoch, offset) {
      epoch = currentEpoch;
      lastOffset = offset;
      const pending = (buffer ?? []).sort((a, b) => a.publication.offset - b.publication.offset);
      buffer = null;
      for (const item of pending) forward(item.epoch, item.publication);
    },
  };
}
