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

/**
 * Liveness and readiness in one (decision 021): 503 when the database does not answer — nothing
 * works without it —, 200 otherwise. A Redis that does not answer makes the status `degraded`
 * with 200: every route still answers (limits per node, sessions read from the database, realtime
 * retried), so the load balancer keeps the node; monitoring alerts on `degraded`.
 */
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
          description:
            '503 when the database does not answer; 200 with status `degraded` when only Redis does not.',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const [database, redis] = await Promise.all([
          probe(() => deps.database.ping()),
          deps.redis ? probe(() => pingRedis(deps.redis!)) : Promise.resolve(undefined),
        ]);
        const degraded = !database.reachable || redis?.reachable === false;
        const body: Health = {
          status: degraded ? 'degraded' : 'ok',
          version: APP_VERSION,
          uptimeSeconds: Math.round(process.uptime()),
          database: { ...database, driver: deps.database.driver },
          ...(redis ? { redis } : {}),
        };
        if (!database.reachable) request.log.error({ health: body }, 'health check failed');
        else if (degraded) request.log.warn({ health: body }, 'health: Redis unreachable');
        return reply
          .header('cache-control', 'no-store')
          .status(database.reachable ? 200 : 503)
          .send(body);
      },
    );
  };
}
