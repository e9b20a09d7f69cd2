import { Redis } from 'ioredis';

/**
 * The shared Redis of a multi-node deployment (rate limits now; realtime fan-out later).
 * Commands fail fast while it is down instead of queueing without bound.
 */
export async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
  });
  redis.on('error', (err: Error) => console.error(`Redis error: ${err.message}`));
  await redis.connect();
  return redis;
}

export async function pingRedis(redis: Redis): Promise<number> {
  const started = performance.now();
  await redis.ping();
  return performance.now() - started;
}
