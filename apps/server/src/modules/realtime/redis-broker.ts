import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { duplicateRedis, isRedisOutage, redisUnavailable } from '../../platform/redis.ts';
import type {
  Broker,
  BrokerDelivery,
  HistoryOptions,
  HistoryResult,
  Publication,
  StreamPosition,
} from './broker.ts';
import type { HistoryPolicy } from './memory-broker.ts';

/** Prefix of every realtime key and of the fan-out channel. */
export const REALTIME_KEY_PREFIX = 'coinfall:rt:';

/** Stream positions outlive their history so a client away for hours still learns its epoch. */
const STREAM_META_TTL_SECONDS = 30 * 24 * 60 * 60;

// KEYS: meta hash, history list. ARGV: data JSON, history size, history TTL ms, meta TTL s,
// now ms, epoch to create, fan-out channel, channel name as a JSON string.
// Atomic: offsets never skip or repeat, and the PUBLISH order is the offset order. Entries and
// the message are built by concatenation so the data JSON goes out byte for byte as given.
const PUBLISH_SCRIPT = `
local epoch = redis.call('HGET', KEYS[1], 'epoch')
if not epoch then
  epoch = ARGV[6]
  redis.call('HSET', KEYS[1], 'epoch', epoch)
  redis.call('DEL', KEYS[2])
end
local offset = redis.call('HINCRBY', KEYS[1], 'offset', 1)
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('LPUSH', KEYS[2], '{"o":' .. offset .. ',"t":' .. ARGV[5] .. ',"d":' .. ARGV[1] .. '}')
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[2]) - 1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[7], '{"c":' .. ARGV[8] .. ',"e":"' .. epoch .. '","o":' .. offset .. ',"d":' .. ARGV[1] .. '}')
return {epoch, offset}
`;

// KEYS: meta hash, history list. ARGV: epoch to create. A channel read before any publication
// gets its epoch here, as with the in-process broker.
const HISTORY_SCRIPT = `
local epoch = redis.call('HGET', KEYS[1], 'epoch')
if not epoch then
  epoch = ARGV[1]
  redis.call('HSET', KEYS[1], 'epoch', epoch)
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  redis.call('DEL', KEYS[2])
end
local offset = redis.call('HGET', KEYS[1], 'offset') or '0'
return {epoch, offset, redis.call('LRANGE', KEYS[2], 0, -1)}
`;

const newEpoch = () => randomBytes(6).toString('hex');

interface Entry {
  o: number;
  t: number;
  d: unknown;
}

function parseDelivery(message: string): BrokerDelivery | null {
  try {
    const m = JSON.parse(message) as { c?: unknown; e?: unknown; o?: unknown; d?: unknown };
    if (typeof m.c !== 'string' || typeof m.e !== 'string' || typeof m.o !== 'number') return null;
    return { channel: m.c, epoch: m.e, publication: { offset: m.o, data: m.d } };
  } catch {
    return null;
  }
}

/**
 * A script on Redis; while Redis is down it throws SERVICE_UNAVAILABLE (decision 021), which the
 * outbox dispatcher retries without counting it against the event and a client command answers
 * with the protocol's temporary error, so the official client retries by itself.
 */
async function runScript(
  redis: Redis,
  script: string,
  args: (string | number)[],
): Promise<unknown> {
  try {
    return await redis.eval(script, 2, ...args);
  } catch (err) {
    if (isRedisOutage(err)) throw redisUnavailable('Realtime delivery');
    throw err;
  }
}

/**
 * Several nodes: streams live in Redis, and every publication reaches every node over one pub/sub
 * channel (a subscribed connection can do nothing else, hence a duplicate). Through an outage the
 * subscriber reconnects and subscribes again by itself; a client that missed publications
 * meanwhile sees a gap in its offsets and recovers from the history.
 */
export async function createRedisBroker(options: {
  redis: Redis;
  policy: HistoryPolicy;
  prefix?: string;
  now?: () => number;
  onError?: (err: unknown) => void;
}): Promise<Broker> {
  const { redis, policy } = options;
  const prefix = options.prefix ?? REALTIME_KEY_PREFIX;
  const now = options.now ?? Date.now;
  const fanOut = `${prefix}publications`;
  const keys = (channel: string) => [`${prefix}stream:${channel}`, `${prefix}history:${channel}`];
  const listeners = new Set<(delivery: BrokerDelivery) => void>();

  const subscriber = duplicateRedis(redis, 'realtime fan-out');
  await subscriber.connect();
  subscriber.on('message', (from: string, message: string) => {
    if (from !== fanOut) return;
    const delivery = parseDelivery(message);
    if (!delivery) return;
    for (const listener of listeners) {
      try {
        listener(delivery);
      } catch (err) {
        options.onError?.(err);
      }
    }
  });
  await subscriber.subscribe(fanOut);

  const publishArgs = (channel: string, data: unknown) => [
    ...keys(channel),
    JSON.stringify(data ?? null),
    policy.size,
    policy.ttlMs,
    STREAM_META_TTL_SECONDS,
    now(),
    newEpoch(),
    fanOut,
    JSON.stringify(channel),
  ];

  return {
    async publish(channel, data) {
      const [epoch, offset] = (await runScript(
        redis,
        PUBLISH_SCRIPT,
        publishArgs(channel, data),
      )) as [string, number];
      return { epoch, offset: Number(offset) } satisfies StreamPosition;
    },

    /**
     * One pipeline: Redis runs the scripts in the order sent, so each channel's offsets follow
     * the items' order, and the batch costs one round trip instead of one per publication.
     */
    async publishMany(items) {
      if (items.length === 0) return { published: 0 };
      const pipeline = redis.pipeline();
      for (const { channel, data } of items)
        pipeline.eval(PUBLISH_SCRIPT, 2, ...publishArgs(channel, data));
      let results: [Error | null, unknown][] | null;
      try {
        results = await pipeline.exec();
      } catch (err) {
        return {
          published: 0,
          error: isRedisOutage(err) ? redisUnavailable('Realtime delivery') : err,
        };
      }
      if (!results) return { published: 0, error: redisUnavailable('Realtime delivery') };
      const failed = results.findIndex(([err]) => err !== null);
      if (failed < 0) return { published: items.length };
      const err = results[failed]![0];
      return {
        published: failed,
        error: isRedisOutage(err) ? redisUnavailable('Realtime delivery') : err,
      };
    },

    async history(channel, { since, limit }: HistoryOptions): Promise<HistoryResult> {
      const [epoch, offsetText, raw] = (await runScript(redis, HISTORY_SCRIPT, [
        ...keys(channel),
        newEpoch(),
        STREAM_META_TTL_SECONDS,
      ])) as [string, string, string[]];
      const oldest = now() - policy.ttlMs;
      // Stored newest first; entries past their TTL are not recoverable even if still listed.
      const kept: Publication[] = raw
        .map((text) => JSON.parse(text) as Entry)
        .filter((entry) => entry.t >= oldest)
        .map((entry) => ({ offset: entry.o, data: entry.d }));
      let publications: Publication[];
      if (limit === 0) publications = [];
      else if (since) {
        const after = kept.filter((p) => p.offset > since.offset).reverse();
        publications = limit < 0 ? after : after.slice(0, limit);
      } else {
        publications = limit < 0 ? kept : kept.slice(0, limit);
      }
      return { epoch, offset: Number(offsetText), publications };
    },

    onPublication(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}
