import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@coinfall/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { APP_VERSION } from '../../platform/version.ts';

/** Liveness and readiness in one: 200 when the database answers, 503 when it does not. */
export function healthRoutes(database: Pick<DatabaseHandle, 'ping' | 'driver'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['platform'], summary: 'Health: database, version, uptime', response: { 200: healthSchema, 503: healthSchema } } },
      async (request, reply) => {
        const base = { version: APP_VERSION, uptimeSeconds: Math.round(process.uptime()) };
        reply.header('cache-control', 'no-store');
        try {
          const latencyMs = await database.ping();
          return { ...base, status: 'ok' as const, database: { reachable: true, driver: database.driver, latencyMs: Math.round(latencyMs * 100) / 100 } };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).send({ ...base, status: 'degraded' as const, database: { reachable: false, driver: database.driver } });
        }
      },
    );
  };
}
