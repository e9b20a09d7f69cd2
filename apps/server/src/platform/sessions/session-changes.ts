import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { duplicateRedis, isRedisOutage } from '../redis.ts';

/**
 * "These sessions, or every session of these players or staff members, changed" (ended, closed,
 * token generation rotated by a refresh, player blocked or removed, staff account changed).
 * Published after the change is committed; every node drops what it cached about them (and, with
 * the realtime gateway, disconnects players' sockets).
 */
export interface SessionChange {
  sessionIds?: readonly string[];
  playerIds?: readonly string[];
  /** Every session of these staff members (disabled, role changed, two-factor reset). */
  staffIds?: readonly string[];
  /**
   * The bus itself changed (decision 021): 'lost' when changes made on other nodes may be missed
   * from now on (its Redis link dropped), 'restored' when they are heard again. Either way any
   * session may have changed meanwhile: a cache drops everything, and keeps nothing in between.
   */
  delivery?: 'lost' | 'restored';
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
    for (const list of [value.sessionIds, value.playerIds, value.staffIds]) {
      if (list !== undefined && !ids(list)) return undefined;
    }
    return value;
  } catch {
    return undefined;
  }
}

/** Changes this node could not send while Redis was down, sent when it is back (oldest dropped). */
const MAX_UNSENT = 1000;

/**
 * Several nodes: the change is applied here at once and sent to the others over Redis pub/sub
 * (a subscriber needs a connection of its own, hence the duplicate).
 *
 * While the subscriber's link is down, changes from other nodes may be missed: the bus tells its
 * listeners (`delivery: 'lost'`) so caches stop trusting what they hold, and tells them again once
 * it has subscribed anew (`'restored'`). A change this node could not send is kept and sent when
 * Redis answers again; publish() never fails for want of Redis, since the change is applied here.
 */
export async function createRedisSessionChanges(
  redis: Redis,
  channel: string,
  onError: (err: unknown) => void = () => undefined,
): Promise<SessionChanges> {
  const local = createLocalSessionChanges();
  const subscriber = duplicateRedis(redis, 'session changes');
  await subscriber.connect();
  // Our own messages come back to us through Redis; they were applied locally already.
  const origin = randomUUID();
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const envelope = parseEnvelope(message);
    if (!envelope || envelope.origin === origin) return;
    const { sessionIds, playerIds, staffIds } = envelope;
    void local.publish({ sessionIds, playerIds, staffIds });
  });
  await subscriber.subscribe(channel);

  let linked = true;
  subscriber.on('reconnecting', () => {
    if (!linked) return;
    linked = false;
    void local.publish({ delivery: 'lost' });
  });
  subscriber.on('ready', () => {
    if (linked) return;
    // ioredis subscribes again by itself; this reply says that it has (commands run in order).
    subscriber.subscribe(channel).then(
      () => {
        if (linked) return;
        linked = true;
        void local.publish({ delivery: 'restored' });
      },
      // The link dropped again: the next 'ready' tries again.
      () => undefined,
    );
  });

  const unsent: string[] = [];
  let sending: Promise<void> | null = null;
  /** Sends what waits, in order; stops at the first failure (the next publish or 'ready' retries). */
  function sendUnsent(): Promise<void> {
    if (redis.status !== 'ready') return Promise.resolve();
    sending ??= (async () => {
      try {
        while (unsent.length > 0) {
          await redis.publish(channel, unsent[0]!);
          unsent.shift();
        }
      } catch (err) {
        // Redis down: kept for later. Redis refusing it: it would block the others for ever.
        if (!isRedisOutage(err)) {
          unsent.shift();
          onError(err);
        }
      } finally {
        sending = null;
      }
    })();
    return sending;
  }
  const onReady = () => void sendUnsent();
  redis.on('ready', onReady);

  return {
    async publish(change) {
      await local.publish(change);
      unsent.push(JSON.stringify({ ...change, origin }));
      if (unsent.length > MAX_UNSENT) unsent.shift();
      await sendUnsent();
    },
    subscribe: (listener) => local.subscribe(listener),
    async close() {
      redis.off('ready', onReady);
      await local.close();
      subscriber.disconnect();
    },
  };
}

/** This deployment's bus: Redis pub/sub under the key prefix when configured, else this process. */
export async function openSessionChanges(
  redis: Redis | null,
  keyPrefix: string,
  onError: (err: unknown) => void,
): Promise<SessionChanges> {
  return redis
    ? createRedisSessionChanges(redis, `${keyPrefix}session-changes`, onError)
    : createLocalSessionChanges();
}
