import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import { jurisdictionAdminRoutes } from './jurisdiction-admin.routes.ts';
import { createJurisdictionAdminService } from './jurisdiction-admin.service.ts';
import { createJurisdictionRepo } from './jurisdiction.repo.ts';
import { jurisdictionDevRoutes, jurisdictionRoutes } from './jurisdiction.routes.ts';
import { createJurisdictionService } from './jurisdiction.service.ts';
import { createProtectionRepo } from './protection.repo.ts';
import { protectionDevRoutes, protectionRoutes } from './protection.routes.ts';
import { createProtectionService } from './protection.service.ts';

/**
 * Player protection (issue 16, decision 030): breaks and self-exclusion. The doors themselves
 * (login, refresh, the auth and game-session guards) read `players.excluded_until`; this module
 * writes it. Player routes under /player; operator routes under /dev (sandbox operator for now).
 */
export function wireProtection(deps: {
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  operators: Pick<OperatorAuth, 'requireOperator'>;
  sessionChanges: Pick<SessionChanges, 'publish'>;
  endSessions: (tx: Database, playerId: string, at: Date) => Promise<unknown>;
  rollbackOpenRounds: (playerId: string, reason: string) => Promise<unknown>;
  /** State codes → names (the geo data), so a state typed in full is found. */
  regionCodes: Readonly<Record<string, string>>;
  /** The US state of coordinates (geo module), for the location sent at login. */
  usStateAt?: (point: { lat: number; lon: number }) => Promise<string | null>;
  /** The staff audit trail, for the back office's rule edits. */
  audit: Pick<AuditRepo, 'insert'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const jurisdictionRepo = createJurisdictionRepo(deps.db);
  const jurisdiction = createJurisdictionService({
    repo: jurisdictionRepo,
    regionCodes: deps.regionCodes,
    usStateAt: deps.usStateAt,
    now: deps.now,
  });
  const service = createProtectionService({
    repo: createProtectionRepo(deps.db),
    endSessions: deps.endSessions,
    sessionChanges: deps.sessionChanges,
    rollbackOpenRounds: deps.rollbackOpenRounds,
    log: deps.log,
    now: deps.now,
  });
  const routes: FastifyPluginAsyncZod = async (api) => {
    const { requireOperator } = deps.operators;
    await api.register(protectionRoutes(service, deps.requireAuth), { prefix: '/player' });
    await api.register(jurisdictionRoutes(jurisdiction, deps.requireAuth), { prefix: '/player' });
    await api.register(protectionDevRoutes({ protection: service, requireOperator }), {
      prefix: '/dev',
    });
    await api.register(jurisdictionDevRoutes({ jurisdiction, requireOperator }), {
      prefix: '/dev',
    });
  };
  /** Mounted by the back office under /api/admin (decision 058). */
  const adminRoutes = jurisdictionAdminRoutes(
    createJurisdictionAdminService({ repo: jurisdictionRepo, audit: deps.audit, now: deps.now }),
  );
  return { service, jurisdiction, routes, adminRoutes };
}
