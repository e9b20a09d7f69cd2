import path from 'node:path';
import { SUPPORT_SEND_RPC } from '@coinfall/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerAuthenticator } from '../../platform/auth.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createLocalDiskStorage } from '../../platform/storage/local-disk.storage.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { RpcRegistry } from '../realtime/rpc-registry.ts';
import { supportAdminRoutes } from './support-admin.routes.ts';
import { createSupportAssignment } from './support-assignment.ts';
import { createSupportConsoleService } from './support-console.service.ts';
import { createSupportContextRepo } from './support-context.repo.ts';
import type { SupportPasses } from './support-passes.ts';
import { createSupportPublisher } from './support-publisher.ts';
import { createSupportRepo } from './support.repo.ts';
import { supportSendRpc } from './support.rpc.ts';
import { createSupportGuard, supportRoutes } from './support.routes.ts';
import { createSupportService } from './support.service.ts';

/**
 * The live support chat (issue 18, decision 040): player routes under /api/support (register
 * `routes` with that prefix), the console's under /api/admin/support (`adminRoutes`, mounted by
 * the back office behind its staff guard), and `support.send` on the realtime gateway (decision
 * 071). Publications go through the outbox.
 */
export function wireSupport(deps: {
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'supportAgentCapacity'>;
  db: Database;
  outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
  authenticate: PlayerAuthenticator;
  passes: SupportPasses;
  /** The gateway's RPC methods: the widget writes on its socket (decision 071). */
  rpc: Pick<RpcRegistry, 'register'>;
  audit: Pick<AuditRepo, 'insert'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const repo = createSupportRepo();
  const publisher = createSupportPublisher(deps.outbox);
  const assignment = createSupportAssignment({
    db: deps.db,
    repo,
    publisher,
    capacity: deps.config.supportAgentCapacity,
    log: deps.log,
    now: deps.now,
  });
  // Private: the same local-disk store as the KYC documents, under its own folder; never served
  // statically, only through the two attachment routes that check who asks.
  const storage = createLocalDiskStorage(path.join(deps.config.dataDir, 'uploads'));
  const service = createSupportService({
    db: deps.db,
    repo,
    publisher,
    assignment,
    storage,
    now: deps.now,
    onOrphan: (key, err) => deps.log.error({ err, key }, 'support: attachment left in storage'),
  });
  const console_ = createSupportConsoleService({
    db: deps.db,
    repo,
    context: createSupportContextRepo(),
    publisher,
    assignment,
    audit: deps.audit,
    passes: deps.passes,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    now: deps.now,
  });
  const guard = createSupportGuard({
    authenticate: deps.authenticate,
    passPlayer: deps.passes.passPlayer,
  });
  const routes: FastifyPluginAsyncZod = supportRoutes(service, guard);
  deps.rpc.register(SUPPORT_SEND_RPC, supportSendRpc(service));
  return {
    service,
    console: console_,
    assignment,
    routes,
    adminRoutes: supportAdminRoutes(console_, service),
  };
}
export type Support = ReturnType<typeof wireSupport>;
