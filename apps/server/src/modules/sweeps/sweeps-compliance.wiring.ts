import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REDEEM_CURRENCY, type AmoeTerms } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import { amoeAdminRoutes } from './amoe-admin.routes.ts';
import { createAmoeRepo } from './amoe.repo.ts';
import { amoeRoutes } from './amoe.routes.ts';
import { createAmoeService } from './amoe.service.ts';
import type { PlaythroughService } from './playthrough.service.ts';
import type { SweepsCreditsRepo } from './sweeps-credits.repo.ts';
import type { ExpiryTerms } from './sweeps-expiry.fns.ts';
import { createSweepsExpiryRepo } from './sweeps-expiry.repo.ts';
import { createSweepsExpiry } from './sweeps-expiry.service.ts';

/**
 * Sweeps compliance (issue 16, decision 035): free entry by mail (player routes under /player,
 * the staff's under /admin, mounted by the back office behind its guard) and the expiry of
 * Sweeps Coins after a time without a login (leader-only housekeeping).
 */
export function wireSweepsCompliance(deps: {
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  players: PlayerRowLock;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  playthrough: Pick<PlaythroughService, 'forfeitIfEmpty'>;
  audit: Pick<AuditRepo, 'insert'>;
  assertSweepsPlay: (tx: Database, playerId: string) => Promise<void>;
  mailer: Mailer;
  publicUrl: string;
  amoe: Omit<AmoeTerms, 'currency'>;
  expiry: ExpiryTerms;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const amoe = createAmoeService({
    repo: createAmoeRepo(deps.db),
    players: deps.players,
    ledger: deps.ledger,
    wallet: deps.wallet,
    credits: deps.credits,
    audit: deps.audit,
    assertSweepsPlay: deps.assertSweepsPlay,
    terms: { currency: REDEEM_CURRENCY, ...deps.amoe },
    now: deps.now,
  });
  const expiry = createSweepsExpiry({
    repo: createSweepsExpiryRepo(deps.db, REDEEM_CURRENCY),
    ledger: deps.ledger,
    playthrough: deps.playthrough,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    terms: deps.expiry,
    log: deps.log,
    now: deps.now,
  });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(amoeRoutes(amoe, deps.requireAuth), { prefix: '/player' });
  };
  return {
    amoe,
    expiry,
    routes,
    /** For the back office to mount under /admin, behind its staff guard. */
    adminRoutes: amoeAdminRoutes(amoe),
    /** Leader-only periodic task: reminders and expiries. */
    housekeeping: async (): Promise<void> => {
      await expiry.run();
    },
  };
}
export type SweepsCompliance = ReturnType<typeof wireSweepsCompliance>;
