import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PaymentProvider } from '../payment/payment-provider.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
import type { RedemptionService } from '../redemption/redemption.service.ts';
import type { LoginThrottle } from '../player/throttles.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import { createAdjustmentsRepo } from './adjustments.repo.ts';
import { createAdjustmentsService } from './adjustments.service.ts';
import type { AuditRepo } from './audit.repo.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';
import { createPlayersAdminRepo } from './players-admin.repo.ts';
import { playersAdminRoutes } from './players-admin.routes.ts';
import { createPlayersAdminService, type ForcedPasswordResets } from './players-admin.service.ts';
import { createRedemptionsAdminRepo } from './redemptions-admin.repo.ts';
import { redemptionsAdminRoutes } from './redemptions-admin.routes.ts';
import { createRedemptionsAdminService } from './redemptions-admin.service.ts';
import { createBigDepositsRepo } from './big-deposits.repo.ts';
import { bigDepositsRoutes } from './big-deposits.routes.ts';
import { createBigDepositsService } from './big-deposits.service.ts';
import { createCatalogAdminRepo } from './catalog-admin.repo.ts';
import { catalogAdminRoutes } from './catalog-admin.routes.ts';
import { createCatalogAdminService } from './catalog-admin.service.ts';
import { staffAccountsRoutes } from './staff-accounts.routes.ts';
import { createStaffAccountsService } from './staff-accounts.service.ts';
import { staffDevRoutes } from './staff-dev.routes.ts';
import { staffAuthRoutes } from './staff-auth.routes.ts';
import { createStaffAuthService } from './staff-auth.service.ts';
import { installStaffGuard, type StaffRouteEntry } from './staff-guard.ts';
import { createStaffRepo } from './staff.repo.ts';
import { createStaffTokens } from './staff-tokens.ts';
import { createDocumentLinks } from './document-links.fns.ts';
import { createKycReviewRepo } from './kyc-review.repo.ts';
import { kycReviewRoutes } from './kyc-review.routes.ts';
import { createKycReviewService, type KycReviewCapabilities } from './kyc-review.service.ts';
import { createReportsRepo } from './reports.repo.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';
import {
  createProtectionAdminService,
  type StaffProtectionCapabilities,
} from './protection-admin.service.ts';
import { protectionAdminRoutes } from './protection-admin.routes.ts';
import { createRoundsAdminRepo } from './rounds-admin.repo.ts';
import { roundsAdminRoutes } from './rounds-admin.routes.ts';
import { createRoundsAdminService, type StaffRoundsCapabilities } from './rounds-admin.service.ts';

/**
 * The back office (issue 17, decision 031): staff identity (password + TOTP, sessions), the role
 * guard of every /api/admin route, the audit trail, and the operator's work on players. Register
 * `routes` with the /admin prefix.
 */
export function wireBackoffice(deps: {
  config: Pick<Config, 'jwtSecret' | 'publicUrl' | 'staff' | 'sandbox'>;
  db: Database;
  passwords: PasswordHasher;
  /** The player login's throttle, keyed apart for staff emails. */
  throttle: Pick<
    LoginThrottle,
    'assertMayTry' | 'beginAttempt' | 'recordFailure' | 'recordSuccess'
  >;
  sessionChanges: Pick<SessionChanges, 'publish' | 'subscribe'>;
  players: Pick<PlayerRepo, 'findPlayerById' | 'lockPlayer' | 'setStatus' | 'endSessionsExcept'>;
  /** The player module's forced password reset (issue 17). */
  forcedResets: ForcedPasswordResets;
  playerLock: PlayerRowLock;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  /** The redemption module's payout approval and settlement. */
  payouts: Pick<RedemptionService, 'approvePayout' | 'resolveLapsedClaim' | 'settlePayout'>;
  /** The payment provider (payments are wired after the back office: read when used). */
  provider: () => Pick<PaymentProvider, 'createPayout' | 'findPayout'>;
  /** Other modules' staff routes (each names its staffAccess), mounted behind the guard. */
  mounted?: FastifyPluginAsyncZod[];
  /** KYC review (decision 037): the player module's documents and the kyc service's decision. */
  kycReview: KycReviewCapabilities;
  /** The game server's replay and rollback for staff (rgs wiring's staffRounds). */
  staffRounds: StaffRoundsCapabilities;
  /** Breaks and self-exclusions (decision 030): the record, and the lift rule. */
  protection: StaffProtectionCapabilities;
  /** The guard of the sandbox operator tools (/api/dev). */
  operators: Pick<OperatorAuth, 'requireOperator'>;
  /** The audit trail, made by the root: modules wired before the back office write to it too. */
  auditTrail: AuditRepo;
  now?: () => Date;
}) {
  const { config, db } = deps;
  const clock = deps.now;
  const nowMs = clock ? () => clock().getTime() : undefined;
  const repo = createStaffRepo();
  const auditRepo = deps.auditTrail;
  const auth = createStaffAuthService({
    db,
    repo,
    audit: auditRepo,
    tokens: createStaffTokens({ secret: config.jwtSecret, now: nowMs }),
    passwords: deps.passwords,
    throttle: deps.throttle,
    idleTimeoutMinutes: config.staff.idleTimeoutMinutes,
    sessionChanges: deps.sessionChanges,
    now: nowMs,
  });
  const accounts = createStaffAccountsService({
    db,
    repo,
    audit: auditRepo,
    passwords: deps.passwords,
    sessionChanges: deps.sessionChanges,
    now: clock,
  });
  const audit = createAuditService({ db, repo: auditRepo });
  const protection = createProtectionAdminService({
    protection: deps.protection,
    audit: auditRepo,
  });
  const players = createPlayersAdminService({
    db,
    repo: createPlayersAdminRepo(),
    players: deps.players,
    forcedResets: deps.forcedResets,
    protection,
    audit: auditRepo,
    sessionChanges: deps.sessionChanges,
    now: clock,
  });
  const adjustments = createAdjustmentsService({
    db,
    repo: createAdjustmentsRepo(),
    audit: auditRepo,
    ledger: deps.ledger,
    wallet: deps.wallet,
    players: deps.playerLock,
    credits: deps.credits,
    fourEyesAbove: config.staff.fourEyesAbove,
    now: clock,
  });
  const redemptions = createRedemptionsAdminService({
    db,
    repo: createRedemptionsAdminRepo(),
    audit: auditRepo,
    payouts: deps.payouts,
    provider: deps.provider,
  });
  const kycReview = createKycReviewService({
    db,
    repo: createKycReviewRepo(),
    audit: auditRepo,
    links: createDocumentLinks(config.jwtSecret),
    documents: deps.kycReview,
    now: clock,
  });
  const rounds = createRoundsAdminService({
    db,
    repo: createRoundsAdminRepo(),
    audit: auditRepo,
    rounds: deps.staffRounds,
  });
  const reports = createReportsService({ db, repo: createReportsRepo(), audit: auditRepo });
  const catalog = createCatalogAdminService({
    db,
    repo: createCatalogAdminRepo(),
    audit: auditRepo,
  });
  /** Every staff route as the guard registered it (the access-matrix test reads it). */
  const routeTable: StaffRouteEntry[] = [];

  const routes: FastifyPluginAsyncZod = async (app) => {
    installStaffGuard(app, auth, routeTable);
    await app.register(
      staffAuthRoutes(auth, { secureCookies: config.publicUrl.startsWith('https:') }),
    );
    await app.register(auditRoutes(audit));
    await app.register(staffAccountsRoutes(accounts));
    await app.register(catalogAdminRoutes(catalog));
    await app.register(
      bigDepositsRoutes(createBigDepositsService({ db, repo: createBigDepositsRepo() })),
    );
    await app.register(
      playersAdminRoutes(players, adjustments, { fourEyesAbove: config.staff.fourEyesAbove }),
    );
    await app.register(redemptionsAdminRoutes(redemptions));
    for (const plugin of deps.mounted ?? []) await app.register(plugin);
    await app.register(kycReviewRoutes(kycReview));
    await app.register(roundsAdminRoutes(rounds));
    await app.register(reportsRoutes(reports));
    await app.register(protectionAdminRoutes(protection));
  };
  /** Register with the /dev prefix: the sandbox's staff-account tool, when the sandbox is on. */
  const devRoutes: FastifyPluginAsyncZod = async (app) => {
    if (!config.sandbox) return;
    await app.register(
      staffDevRoutes({ accounts, requireOperator: deps.operators.requireOperator }),
    );
  };
  return {
    routes,
    devRoutes,
    accounts,
    routeTable,
    /** The staff member behind a session, as the guard checks it (support's socket, decision 071). */
    staffActorOf: auth.actorOfSession,
  };
}
export type Backoffice = ReturnType<typeof wireBackoffice>;
