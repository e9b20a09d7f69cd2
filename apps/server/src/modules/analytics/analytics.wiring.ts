import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import { createAnalyticsEventsRepo } from './analytics-events.repo.ts';
import { createAnalyticsReportsRepo } from './analytics-reports.repo.ts';
import { createForwardSender } from './forward-sender.ts';
import {
  createAmplitudeHttpProvider,
  createAmplitudeSandboxProvider,
  type AmplitudeForwardProvider,
} from './forward.provider.ts';
import { createAmplitudeSandboxRepo, createForwardBatchesRepo } from './forward.repo.ts';
import { forwardSandboxRoutes } from './forward.routes.ts';
import { createAnalyticsHousekeeping } from './housekeeping.service.ts';
import { ingestRoutes } from './ingest.routes.ts';
import { createIngestService } from './ingest.service.ts';
import { analyticsAdminRoutes } from './reports.routes.ts';
import { createAnalyticsReportsService } from './reports.service.ts';
import { createThrottleStore } from './throttle.store.ts';

/**
 * The analytics ingest (docs/decisions/027): `ingest` for the app's root (/2/httpapi, /batch),
 * `routes` for the sandbox Amplitude's tools under /api/dev/analytics, `adminRoutes` (reports,
 * a player's events) for the back office, `housekeeping` for the outbox leader's hourly run. Today's
 * partitions are made sure of before the app serves.
 */
export function wireAnalytics(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** Where the forwarder writes: the background pool (decision 013). */
  background: Database | undefined;
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
  const forwarding = wireForwarding(deps);
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
    forward: forwarding.sender !== null,
    now,
  });
  app.addHook('onReady', () => housekeeping.ensurePartitions());
  const reports = createAnalyticsReportsService({ repo: createAnalyticsReportsRepo(db) });
  const apiRoutes: FastifyPluginAsyncZod = async (api) => {
    if (forwarding.sandboxRoutes) {
      await api.register(
        forwardSandboxRoutes(...forwarding.sandboxRoutes, deps.operators.requireOperator),
        {
          prefix: '/dev/analytics',
        },
      );
    }
  };
  return {
    ingest: ingestRoutes(ingest),
    routes: apiRoutes,
    /** The reports and a player's events, for the back office to mount under /admin. */
    adminRoutes: analyticsAdminRoutes(reports),
    housekeeping: async () => {
      await housekeeping.run();
      await forwarding.housekeeping?.();
    },
    /** The forwarding to Amplitude (null: off), for tests that drive it. */
    forwarder: forwarding.sender,
  };
}

/** The sandbox Amplitude's record is kept a week: it is for looking at, not an archive. */
const SANDBOX_KEEP_MS = 7 * 86_400_000;

/**
 * Forwarding to a real Amplitude project (decision 054): with AMPLITUDE_FORWARD_API_KEY its HTTP
 * API, else with the sandbox on the sandbox that records the batches, else off — and then the
 * ingest queues nothing.
 */
function wireForwarding(deps: Parameters<typeof wireAnalytics>[0]) {
  const setting = deps.config.growth.amplitudeForward;
  if (!setting) return { sender: null, sandboxRoutes: null, housekeeping: null };
  let provider: AmplitudeForwardProvider;
  let sandboxRoutes = null;
  if (setting.provider.kind === 'amplitude') {
    provider = createAmplitudeHttpProvider(setting.provider);
  } else {
    const repo = createAmplitudeSandboxRepo(deps.db);
    const sandbox = createAmplitudeSandboxProvider(repo);
    provider = sandbox;
    sandboxRoutes = [repo, sandbox] as const;
  }
  const now = deps.now ?? (() => new Date());
  const sender = createForwardSender({
    repo: createForwardBatchesRepo(deps.background ?? deps.db),
    provider,
    batchSize: setting.batchSize,
    eventsPerSecond: setting.eventsPerSecond,
    log: deps.app.log,
    now,
  });
  deps.app.addHook('onReady', async () => sender.start());
  deps.app.addHook('onClose', async () => sender.stop());
  const sandboxRepo = sandboxRoutes?.[0];
  const housekeeping = async () => {
    await sender.housekeeping();
    await sandboxRepo?.pruneBefore(new Date(now().getTime() - SANDBOX_KEEP_MS));
  };
  return { sender, sandboxRoutes, housekeeping };
}
