import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
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
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const service = createProtectionService({
    repo: createProtectionRepo(deps.db),
    endSessions: deps.endSessions,
    sessionChanges: deps.sessionChanges,
    rollbackOpenRounds: deps.rollbackOpenRounds,
    log: deps.log,
    now: deps.now,
  });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(protectionRoutes(service, deps.requireAuth), { prefix: '/player' });
    await api.register(
      protectionDevRoutes({ protection: service, requireOperator: deps.operators.requireOperator }),
      { prefix: '/dev' },
    );
  };
  return { service, routes };
}
