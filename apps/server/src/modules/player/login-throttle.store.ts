import type { Redis } from 'ioredis';

/** Counters of failed logins in fixed windows: a key's count and how long until it resets. */
export interface FailureCounterStore {
  read(keys: string[]): Promise<{ failures: number; ttlMs: number }[]>;
  increment(key: string, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Shared by every node through Redis, so a brute force cannot spread across nodes. */
export function createRedisFailureCounters(redis: Redis, prefix: string): FailureCounterStore {
  return {
    async read(keys) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.get(prefix + key).pttl(prefix + key);
      const results = (await pipeline.exec()) ?? [];
      return keys.map((_, i) => {
        const [countErr, count] = results[i * 2] ?? [];
        const [ttlErr, ttl] = results[i * 2 + 1] ?? [];
        if (countErr) throw countErr;
        if (ttlErr) throw ttlErr;
        return { failures: Number(count ?? 0), ttlMs: Number(ttl ?? 0) };
      });
    },
    async increment(key, windowMs) {
      // The window starts at the first failure; later failures do not extend it.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (failed) throw failed;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** One process only (no Redis): the same behaviour kept in a Map, expired entries swept. */
export function createMemoryFailureCounters(now: () => number = Date.now): FailureCounterStore {
  const counters = new Map<string, { failures: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async read(keys) {
      return keys.map((key) => {
        const entry = live(key);
        return entry
          ? { failures: entry.failures, ttlMs: entry.resetAt - now() }
          : { failures: 0, ttlMs: 0 };
      });
    },
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) entry.failures += 1;
      else counters.set(key, { failures: 1, resetAt: now() + windowMs });
      if (counters.size > 100_000) for (const k of counters.keys()) live(k);
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}
