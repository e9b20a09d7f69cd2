import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerAuthenticator } from '../../platform/auth.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import {
  createAppsFlyerHttpProvider,
  createAppsFlyerSandboxProvider,
  type AppsFlyerProvider,
} from './appsflyer.provider.ts';
import { createAppsFlyerDeliveriesRepo, createAppsFlyerSandboxRepo } from './appsflyer.repo.ts';
import { appsFlyerRoutes, appsFlyerSandboxRoutes } from './appsflyer.routes.ts';
import { createAppsFlyerSender } from './appsflyer-sender.ts';
import { createAppsFlyerService } from './appsflyer.service.ts';

/**
 * App conversions to AppsFlyer (issue 19, decision 048): `routes` for /api (the endpoint and,
 * with the sandbox, its operator log under /api/dev), `handler` and `housekeeping` for the outbox
 * delivery, `sender` started with the app. Without AppsFlyer configured and without the sandbox,
 * the endpoint still answers and the events stay in the outbox only: nothing sends them.
 */
export function wireAppsFlyer(deps: {
  config: Config;
  db: Database;
  /** Where the handler and the sender write: the background pool (decision 013). */
  background: Database | undefined;
  outbox: Pick<OutboxRepo, 'record'>;
  authenticate: PlayerAuthenticator;
  operators: Pick<OperatorAuth, 'requireOperator'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const setting = deps.config.growth.appsFlyer;
  const now = deps.now ?? (() => new Date());
  const sandboxRepo = setting?.kind === 'sandbox' ? createAppsFlyerSandboxRepo(deps.db) : null;
  let provider: AppsFlyerProvider | null = null;
  if (setting?.kind === 'appsflyer') provider = createAppsFlyerHttpProvider(setting);
  else if (sandboxRepo) provider = createAppsFlyerSandboxProvider(sandboxRepo);
  if (!provider && deps.config.nodeEnv === 'production') {
    deps.log.warn('No AppsFlyer dev key is configured: app conversions are not forwarded');
  }
  const sender = provider
    ? createAppsFlyerSender({
        repo: createAppsFlyerDeliveriesRepo(deps.background ?? deps.db),
        provider,
        log: deps.log,
        now,
      })
    : null;
  const service = createAppsFlyerService({ db: deps.db, outbox: deps.outbox, now });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(appsFlyerRoutes(service, deps.authenticate));
    if (sandboxRepo) {
      await api.register(appsFlyerSandboxRoutes(sandboxRepo, deps.operators.requireOperator), {
        prefix: '/dev',
      });
    }
  };
  return { routes, sender };
}
