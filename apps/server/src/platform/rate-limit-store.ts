import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { createRedisAvailability, isRedisOutage, type RedisAvailability } from './redis.ts';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * Counts in Redis while it answers and in this node's memory while it does not (decision 021):
 * every limit keeps holding through an outage, per node rather than across nodes, instead of
 * failing open or answering 500. The counters go back to Redis as soon as its connection is
 * ready again; what was counted locally meanwhile is forgotten.
 */
class FailoverStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly availability: RedisAvailability,
    private readonly onError: (err: unknown) => void,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    if (!this.availability.usable()) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.availability.failed();
        // An outage is expected and told once by the connection; anything else is a bug of ours.
        if (!isRedisOutage(err)) this.onError(err);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FailoverStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.availability,
      this.onError,
    );
  }
}

/**
 * The `store` of @fastify/rate-limit for a deployment with Redis: the plugin's own Redis store
 * (same keys: `nameSpace` + client address, and per route) in front of its in-memory one.
 */
export function failoverRateLimitStore(options: {
  redis: Redis;
  nameSpace: string;
  onError: (err: unknown) => void;
  availability?: RedisAvailability;
}): FastifyRateLimitStoreCtor {
  const availability = options.availability ?? createRedisAvailability(options.redis);
  return class extends FailoverStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, options.redis, options.nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        availability,
        options.onError,
      );
    }
  };
}
