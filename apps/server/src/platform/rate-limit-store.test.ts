import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { failoverRateLimitStore } from './rate-limit-store.ts';
import { createRedisAvailability } from './redis.ts';

type Result = { current: number; ttl: number };

/** A Redis whose connection state the test sets, and whose rate-limit script fails on demand. */
function fakeRedis() {
  const counts = new Map<string, number>();
  const redis = {
    status: 'ready' as Redis['status'],
    failWith: null as Error | null,
    defineCommand: () => undefined,
    rateLimit(
      key: string,
      _window: number,
      _max: number,
      _c: unknown,
      _e: unknown,
      cb: (err: Error | null, r?: [number, number]) => void,
    ) {
      if (redis.failWith) return cb(redis.failWith);
      const current = (counts.get(key) ?? 0) + 1;
      counts.set(key, current);
      cb(null, [current, 60_000]);
    },
  };
  return { redis, counts };
}

function incr(store: FastifyRateLimitStore, key: string): Promise<Result> {
  return new Promise((resolve, reject) =>
    store.incr(key, (err, result) => (err ? reject(err) : resolve(result!)), 60_000, 3),
  );
}

function storeOver(redis: ReturnType<typeof fakeRedis>['redis'], onError = vi.fn()) {
  const availability = createRedisAvailability(redis, { coolDownMs: 1000 });
  const Store = failoverRateLimitStore({
    redis: redis as unknown as Redis,
    nameSpace: 'rl:',
    onError,
    availability,
  });
  return { store: new Store({}), availability, onError };
}

describe('failover rate-limit store', () => {
  it('counts in Redis while its connection is ready', async () => {
    const { redis, counts } = fakeRedis();
    const { store } = storeOver(redis);
    await incr(store, '203.0.113.1');
    expect((await incr(store, '203.0.113.1')).current).toBe(2);
    expect(counts.get('rl:203.0.113.1')).toBe(2);
  });

  it('counts on this node while Redis is down, so the limit still holds', async () => {
    const { redis, counts } = fakeRedis();
    const { store } = storeOver(redis);
    redis.status = 'reconnecting';
    const seen = [];
    for (let i = 0; i < 4; i += 1) seen.push((await incr(store, '203.0.113.2')).current);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(counts.size).toBe(0);
  });

  it('falls back for the request whose command failed, and reports only what is not an outage', async () => {
    const { redis } = fakeRedis();
    const { store, onError } = storeOver(redis);
    redis.failWith = new Error('Connection is closed.');
    expect((await incr(store, '203.0.113.3')).current).toBe(1);
    expect(onError).not.toHaveBeenCalled();
    // Failed a moment ago: Redis is not asked again until the cool-down is over.
    redis.failWith = null;
    expect((await incr(store, '203.0.113.3')).current).toBe(2);
  });

  it('keeps counting per route in the same way', async () => {
    const { redis, counts } = fakeRedis();
    const { store } = storeOver(redis);
    const route = store.child({
      routeInfo: { method: 'POST', url: '/api/player/sessions/token' },
    } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
    await incr(route, '203.0.113.4');
    expect([...counts.keys()]).toEqual(['rl:POST/api/player/sessions/token-203.0.113.4']);
    redis.status = 'reconnecting';
    expect((await incr(route, '203.0.113.4')).current).toBe(1);
  });
});
