import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { healthSchema, type Health } from '@coinfall/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { pingRedis } from '../../platform/redis.ts';
import { APP_VERSION } from '../../platform/version.ts';

const round = (ms: number) => Math.round(ms * 100) / 100;

async function probe(
  check: () => Promise<number>,
): Promise<{ reachable: boolean; latencyMs?: number }> {
  try {
    return { reachable: true, latencyMs: round(await check()) };
  } catch {
    return { reachable: false };
  }
}

/** Liveness and readiness in one: 200 when every configured store answers, 503 otherwise. */
export function healthRoutes(deps: {
  database: Pick<DatabaseHandle, 'ping' | 'driver'>;
  redis: Redis | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['platform'],
          summary: 'Health: database, redis, version, uptime',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const [database, redis] = await Promise.all([
          probe(() => deps.database.ping()),
          deps.redis ? probe(() => pingRedis(deps.redis!)) : Promise.resolve(undefined),
        ]);
        const healthy = database.reachable && (redis?.reachable ?? true);
        const body: Health = {
          status: healthy ? 'ok' : 'degraded',
          version: APP_VERSION,
          uptimeSeconds: Math.round(process.uptime()),
          database: { ...database, driver: deps.database.driver },
          ...(redis ? { redis } : {}),
        };
        if (!healthy) request.log.error({ health: body }, 'health check failed');
        return reply
          .header('cache-control', 'no-store')
          .status(healthy ? 200 : 503)
          .send(body);
      },
    );
  };
}
