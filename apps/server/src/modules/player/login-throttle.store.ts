import type { Redis } from 'ioredis';
import { createRedisAvailability, isRedisOutage } from '../../platform/redis.ts';

/** Counters of failed logins in fixed windows: a key's count and how long until it resets. */
export interface FailureCounterStore {
  read(keys: string[]): Promise<{ failures: number; ttlMs: number }[]>;
  /** Answers the count after this increment (atomic: concurrent increments see distinct counts). */
  increment(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Shared by every node through Redis, so a brute force cannot spread across nodes. While Redis
 * is down (decision 021) failures are counted in this node's memory instead — the limits then
 * hold per node —, and a read takes the higher of both counts, so the throttle never loosens
 * when Redis comes back (nor while it fails mid-way through a window).
 */
export function createRedisFailureCounters(redis: Redis, prefix: string): FailureCounterStore {
  const shared = createSharedCounters(redis, prefix);
  const local = createMemoryFailureCounters();
  const availability = createRedisAvailability(redis);

  /** Runs `command` on Redis when it is usable; false when Redis could not take it. */
  async function onRedis<T>(
    command: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    if (!availability.usable()) return { ok: false };
    try {
      return { ok: true, value: await command() };
    } catch (err) {
      if (!isRedisOutage(err)) throw err;
      availability.failed();
      return { ok: false };
    }
  }

  return {
    async read(keys) {
      const [remote, here] = await Promise.all([
        onRedis(() => shared.read(keys)),
        local.read(keys),
      ]);
      if (!remote.ok) return here;
      return remote.value.map((counted, i) => {
        const mine = here[i]!;
        return mine.failures > counted.failures ? mine : counted;
      });
    },
    async increment(key, windowMs) {
      const remote = await onRedis(() => shared.increment(key, windowMs));
      return remote.ok ? remote.value : local.increment(key, windowMs);
    },
    async reset(key) {
      await Promise.all([onRedis(() => shared.reset(key)), local.reset(key)]);
    },
  };
}

function createSharedCounters(redis: Redis, prefix: string): FailureCounterStore {
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
      return Number(results?.[0]?.[1] ?? 1);
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
      const entry = live(key) ?? { failures: 0, resetAt: now() + windowMs };
      entry.failures += 1;
      counters.set(key, entry);
      if (counters.size > 100_000) for (const k of counters.keys()) live(k);
      return entry.failures;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}
