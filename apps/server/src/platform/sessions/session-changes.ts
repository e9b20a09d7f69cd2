import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * "These sessions, or every session of these players, changed" (ended, closed, token generation
 * rotated by a refresh, player blocked or removed). Published after the change is committed; every node drops what it cached about
 * them (and, with the realtime gateway, disconnects their sockets).
 */
export interface SessionChange {
  sessionIds?: readonly string[];
  playerIds?: readonly string[];
}

export interface SessionChanges {
  publish(change: SessionChange): Promise<void>;
  subscribe(listener: (change: SessionChange) => void): () => void;
  close(): Promise<void>;
}

const EVENT = 'change';

/** One node: listeners are called synchronously, before publish() resolves. */
export function createLocalSessionChanges(): SessionChanges {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(change) {
      emitter.emit(EVENT, change);
    },
    subscribe(listener) {
      emitter.on(EVENT, listener);
      return () => emitter.off(EVENT, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

type Envelope = SessionChange & { origin?: string };

function parseEnvelope(message: string): Envelope | undefined {
  try {
    const value = JSON.parse(message) as Envelope;
    const ids = (v: unknown) => Array.isArray(v) && v.every((id) => typeof id === 'string');
    if ((value.sessionIds && !ids(value.sessionIds)) || (value.playerIds && !ids(value.playerIds)))
      return undefined;
    return value;
  } catch {
    return undefined;
  }
}

/**
 * Several nodes: the change is applied here at once and sent to the others over Redis pub/sub
 * (a subscriber needs a connection of its own, hence `duplicate()`).
 */
export async function createRedisSessionChanges(
  redis: Redis,
  channel: string,
): Promise<SessionChanges> {
  const local = createLocalSessionChanges();
  const subscriber = redis.duplicate();
  await subscriber.connect();
  // Our own messages come back to us through Redis; they were applied locally already.
  const origin = randomUUID();
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const envelope = parseEnvelope(message);
    if (!envelope || envelope.origin === origin) return;
    void local.publish({ sessionIds: envelope.sessionIds, playerIds: envelope.playerIds });
  });
  await subscriber.subscribe(channel);
  return {
    async publish(change) {
      await local.publish(change);
      await redis.publish(channel, JSON.stringify({ ...change, origin }));
    },
    subscribe: (listener) => local.subscribe(listener),
    async close() {
      await local.close();
      subscriber.disconnect();
    },
  };
}
