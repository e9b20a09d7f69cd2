import { Redis, ReplyError } from 'ioredis';
import { ConfigError } from '../config.ts';
import { AppError } from './errors.ts';

/**
 * How a client talks to Redis (decision 021): commands fail fast while it is down instead of
 * queueing without bound, and one that gets no answer gives up after `commandTimeout`, so a
 * request never waits on Redis longer than that. ioredis reconnects by itself: every second at
 * most (its default is 2 s), so everything is back about a second after Redis is.
 */
const CLIENT_OPTIONS = {
  lazyConnect: true,
  maxRetriesPerRequest: 2,
  enableOfflineQueue: false,
  connectTimeout: 5_000,
  commandTimeout: 1_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 50, 1_000),
} as const;

/** The URL as it may be printed: without its password. */
export function printableRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Says once that a connection was lost and once that it is back, instead of one line per
 * reconnection attempt. Every connection of ours gets it, subscribers (duplicates) included: a
 * client without an 'error' listener prints each attempt's error.
 */
export function watchRedisConnection(redis: Redis, name: string): void {
  let lost = false;
  const lose = (why: string) => {
    if (lost) return;
    lost = true;
    console.error(`Redis (${name}) ${why}; working without it until it is back`);
  };
  redis.on('error', (err: Error) => lose(`unreachable: ${err.message}`));
  // Not 'close': that one also comes with a deliberate quit at shutdown.
  redis.on('reconnecting', () => lose('connection lost'));
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    console.error(`Redis (${name}) reachable again`);
  });
}

/**
 * The shared Redis of a multi-node deployment: rate limits, login counters, the session-changes
 * bus and realtime fan-out. Refuses to start on a Redis it cannot reach, as on any other bad
 * setting: a ConfigError naming REDIS_URL (main.ts exits 78).
 */
export async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, CLIENT_OPTIONS);
  // connect() only says "Connection is closed."; the 'error' event says why.
  let cause: Error | undefined;
  const remember = (err: Error) => (cause ??= err);
  redis.on('error', remember);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    const why = (cause ?? (err as Error)).message;
    throw new ConfigError([`REDIS_URL: cannot reach ${printableRedisUrl(url)} (${why})`]);
  } finally {
    redis.off('error', remember);
  }
  watchRedisConnection(redis, 'main');
  return redis;
}

/** Another connection to the same Redis (a subscriber can do nothing else), watched the same way. */
export function duplicateRedis(redis: Redis, name: string): Redis {
  const copy = redis.duplicate();
  watchRedisConnection(copy, name);
  return copy;
}

/** Replies of a Redis that is up but cannot serve now (loading, a replica after a failover…). */
const UNAVAILABLE_REPLY = /^(LOADING|READONLY|OOM|MASTERDOWN|BUSY|CLUSTERDOWN|TRYAGAIN|NOAUTH)\b/;

/**
 * True when a command failed because Redis could not be reached, did not answer in time or
 * cannot serve for now — not because it refused the command itself (a script error: a bug of
 * ours, which must stay loud).
 */
export function isRedisOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return !(err instanceof ReplyError) || UNAVAILABLE_REPLY.test(err.message);
}

/** What a caller that truly needs Redis throws while it is down: a 503 with Retry-After. */
export function redisUnavailable(what: string): AppError {
  return new AppError('SERVICE_UNAVAILABLE', `${what} is unavailable for a moment; try again`);
}

/**
 * Whether to ask Redis now, for the stores that fall back to this node's memory while it is down
 * (rate limits, login counters): no while the connection is not ready, nor for `coolDownMs` after
 * a command failed — so a Redis that stopped answering costs one request a timeout every
 * `coolDownMs`, not every request. Back by itself when the connection is ready again.
 */
export function createRedisAvailability(
  redis: Pick<Redis, 'status'>,
  options: { coolDownMs?: number; now?: () => number } = {},
) {
  const coolDownMs = options.coolDownMs ?? 2_000;
  const now = options.now ?? Date.now;
  let failedAt = -Infinity;
  return {
    usable: (): boolean => redis.status === 'ready' && now() - failedAt >= coolDownMs,
    failed(): void {
      failedAt = now();
    },
  };
}
export type RedisAvailability = ReturnType<typeof createRedisAvailability>;

export async function pingRedis(redis: Redis): Promise<number> {
  const started = performance.now();
  await redis.ping();
  return performance.now() - started;
}
