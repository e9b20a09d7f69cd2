import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import { createAnalyticsEventsRepo } from './analytics-events.repo.ts';
import { createAnalyticsReportsRepo } from './analytics-reports.repo.ts';
import { createAnalyticsHousekeeping } from './housekeeping.service.ts';
import { ingestRoutes } from './ingest.routes.ts';
import { createIngestService } from './ingest.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createAnalyticsReportsService } from './reports.service.ts';
import { createThrottleStore } from './throttle.store.ts';

/**
 * The analytics ingest (docs/decisions/027): `ingest` for the app's root (/2/httpapi, /batch),
 * `reports` for /api/dev/analytics, `housekeeping` for the outbox leader's hourly run. Today's
 * partitions are made sure of before the app serves.
 */
export function wireAnalytics(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  redis: Redis | null;
  operators: Pick<OperatorAuth, 'requireOperator'>;
  now?: () => Date;
}) {
  const { app, config, db } = deps;
  const { analytics } = config;
  const clock = deps.now;
  const now = clock ? () => clock().getTime() : Date.now;
  const repo = createAnalyticsEventsRepo();
  const housekeeping = createAnalyticsHousekeeping({
    db,
    repo,
    retentionDays: analytics.retentionDays,
    now,
    log: app.log,
  });
  const limits = { epsThreshold: analytics.epsThreshold, dailyQuota: analytics.dailyQuota };
  const ingest = createIngestService({
    db,
    repo,
    throttle: createThrottleStore({
      redis: deps.redis,
      prefix: config.rateLimitKeyPrefix,
      limits,
      onError: (err) =>
        app.log.error({ err }, 'analytics throttle: Redis refused a count; counted on this node'),
    }),
    limits,
    apiKeys: analytics.apiKeys,
    ensurePartitions: housekeeping.ensurePartitions,
    now,
  });
  app.addHook('onReady', () => housekeeping.ensurePartitions());
  const reports = createAnalyticsReportsService({ repo: createAnalyticsReportsRepo(db) });
  const apiRoutes: FastifyPluginAsyncZod = async (api) => {
    await api.register(reportsRoutes(reports, deps.operators.requireOperator), {
      prefix: '/dev/analytics',
    });
  };
  return {
    ingest: ingestRoutes(ingest),
    routes: apiRoutes,
    housekeeping: () => housekeeping.run(),
  };
}
