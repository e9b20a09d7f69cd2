import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import { REDEEM_CURRENCY } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import { createBonusAdminRepo } from './bonus-admin.repo.ts';
import { bonusAdminRoutes } from './bonus-admin.routes.ts';
import { createBonusAdminService } from './bonus-admin.service.ts';
import { createBonusCodesRepo } from './bonus-codes.repo.ts';
import { createBonusCodesService } from './bonus-codes.service.ts';
import { createBonusEligibility } from './bonus-eligibility.ts';
import { createBonusEvents } from './bonus-events.ts';
import { createBonusExpiryRepo } from './bonus-expiry.repo.ts';
import { createBonusExpiry } from './bonus-expiry.service.ts';
import { createBonusLedger } from './bonus-ledger.ts';
import { createBonusLifecycle } from './bonus-lifecycle.service.ts';
import { createBonusRepo } from './bonus.repo.ts';
import { bonusRoutes } from './bonus.routes.ts';
import { createBonusService } from './bonus.service.ts';
import { createDailyBonusService } from './daily-bonus.service.ts';
import { createPurchaseBonus } from './purchase-bonus.service.ts';
import type { Grant, GrantInput } from './bonus.types.ts';

/**
 * The bonus engine (issue 14, decision 024): player bonuses and free spins, their money in the
 * players' bonus ledger accounts, welcome coins, the daily bonus, codes, purchase matches and
 * expiry. Its routes are mounted under /game by the catalog; its hooks run inside other
 * modules' transactions (registration, purchase settlement, redemption request).
 */
export function wireBonus(deps: {
  db: Database;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
  players: PlayerRowLock;
  idempotency: Idempotency;
  requireAuth: onRequestAsyncHookHandler;
  /** The player's VIP daily bonus percent (the loyalty module's; decision 029). */
  dailyBonusPercent?: (tx: Database, playerId: string) => Promise<number>;
  /** The back office's audit trail, for the staff's edits of definitions and codes. */
  audit: Pick<AuditRepo, 'recordChange'>;
  /**
   * The jurisdiction rules' purchase-bonus flag (decision 046): the door of the player's claims
   * (403 PURCHASE_BONUS_NOT_ALLOWED), and whether a settling purchase carries its bonuses.
   */
  purchaseBonuses?: {
    assert: (tx: Database, playerId: string) => Promise<void>;
    allowed: (tx: Database, playerId: string) => Promise<boolean>;
  };
  /**
   * The jurisdiction rules' Sweeps Coins play flag (decision 052): what the platform grants
   * without a claim (welcome coins, `grantBySlug`) withholds its SC part where this is no.
   */
  sweepsPlayAllowed?: (tx: Database, playerId: string) => Promise<boolean>;
  log?: Pick<FastifyBaseLogger, 'info'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repo = createBonusRepo(deps.db);
  const codesRepo = createBonusCodesRepo(deps.db);
  const events = createBonusEvents(deps.outbox);
  const ledger = createBonusLedger({
    ledger: deps.ledger,
    repo,
    wallet: deps.wallet,
    credits: deps.credits,
  });
  const lifecycle = createBonusLifecycle({ repo, ledger, events, now });
  /** The currencies an unclaimed grant withholds from this player now (decision 052). */
  const withholdFrom = async (tx: Database, playerId: string): Promise<string[]> =>
    deps.sweepsPlayAllowed && !(await deps.sweepsPlayAllowed(tx, playerId))
      ? [REDEEM_CURRENCY]
      : [];
  /** An unclaimed grant: the place asked, what it withheld logged for the operator. */
  async function grantUnclaimed(tx: Database, input: GrantInput): Promise<Grant | null> {
    const withhold = await withholdFrom(tx, input.playerId);
    const grant = await lifecycle.grant(tx, { ...input, withhold });
    if (grant && grant.withheld.length > 0) {
      deps.log?.info(
        { playerId: input.playerId, source: input.source, withheld: grant.withheld },
        'reward part withheld: Sweeps Coins are not allowed where the player is',
      );
    }
    return grant;
  }
  const eligibility = createBonusEligibility({ repo: codesRepo, now });
  const bonuses = createBonusService({
    repo,
    lifecycle,
    players: deps.players,
    assertBonusClaim: deps.purchaseBonuses?.assert,
  });
  const codes = createBonusCodesService({
    repo: codesRepo,
    bonuses: repo,
    lifecycle,
    eligibility,
    events,
    asPlayer: bonuses.asPlayer,
    asClaimant: bonuses.asClaimant,
    now,
  });
  const daily = createDailyBonusService({
    repo,
    claims: codesRepo,
    lifecycle,
    // Claiming the daily bonus is a claim like a code's (decision 046).
    asPlayer: bonuses.asClaimant,
    now,
    dailyBonusPercent: deps.dailyBonusPercent,
  });
  const expiry = createBonusExpiry({
    repo: createBonusExpiryRepo(deps.db),
    ledger,
    events,
    activateQueued: lifecycle.activateIssued,
    now,
  });

  return {
    repo,
    ledger,
    lifecycle,
    expiry,
    /** Mounted under /game by the catalog's wiring. */
    gameRoutes: bonusRoutes({
      bonuses,
      codes,
      daily,
      idempotency: deps.idempotency,
      requireAuth: deps.requireAuth,
    }),
    /** For the back office to mount under /admin, behind its staff guard (decision 042). */
    adminRoutes: bonusAdminRoutes(
      createBonusAdminService({ db: deps.db, repo: createBonusAdminRepo(), audit: deps.audit }),
    ),
    /** The outbox leader's periodic task (one node at a time; the table is the state). */
    housekeeping: async (): Promise<void> => {
      await expiry.run();
    },

    /**
     * Welcome coins, in the registration transaction (which inserted the player row, so holds
     * it) or at the device's report: once per player by the source `registration`. The Sweeps
     * Coins part is withheld where the player's place refuses SC (decision 052).
     */
    grantWelcome: async (tx: Database, playerId: string): Promise<void> => {
      const definition = await repo.findDefinitionBySlug(tx, 'welcome');
      if (!definition?.enabled) return;
      await grantUnclaimed(tx, { playerId, definition, source: 'registration' });
    },

    /**
     * Whether any of these players was ever issued the welcome coins: a second account on a
     * device whose other player had them is refused them (decision 049).
     */
    hadWelcome: async (tx: Database, playerIds: string[]): Promise<boolean> => {
      const definition = await repo.findDefinitionBySlug(tx, 'welcome');
      return definition ? repo.anyIssued(tx, definition.id, playerIds) : false;
    },

    /**
     * Issues the enabled definition `slug` to a player whose row lock the caller holds, once
     * per source (the same source answers the first grant): the loyalty module's sublevel
     * rewards (marked with their sublevel) and daily rakeback (its amounts per currency).
     * False when the definition is missing, disabled or its claim cap is reached. The Sweeps
     * Coins part is withheld where the player's place refuses SC (decision 052); what is left
     * (Gold Coins) is still issued, and the grant counts as made.
     */
    grantBySlug: async (
      tx: Database,
      input: Omit<GrantInput, 'definition'> & { slug: string },
    ): Promise<boolean> => {
      const { slug, ...grant } = input;
      const definition = await repo.findDefinitionBySlug(tx, slug);
      if (!definition?.enabled) return false;
      return (await grantUnclaimed(tx, { ...grant, definition })) !== null;
    },

    /** In the settlement transaction that completes a purchase: matches and pending codes. */
    onPurchaseCompleted: createPurchaseBonus({
      repo,
      codes,
      lifecycle,
      eligibility,
      allowed: deps.purchaseBonuses?.allowed,
      now,
    }),

    /**
     * In a Sweeps Coins redemption request's transaction, before its hold: open SC bonuses
     * refuse it (409, details.activeBonuses) unless the player chose to forfeit them, which
     * cancels them here.
     */
    beforeRedemption: async (tx: Database, playerId: string, forfeit: boolean): Promise<void> => {
      const open = await repo.lockOpenBonuses(tx, playerId, REDEEM_CURRENCY);
      if (open.length === 0) return;
      if (!forfeit) {
        throw new AppError(
          'CONFLICT',
          'Redeeming forfeits your active Sweeps Coins bonuses: confirm with forfeitBonuses',
          { activeBonuses: open.map((b) => b.id) },
        );
      }
      // Issued ones first: canceling the active one would otherwise activate the next in line.
      const issuedFirst = [...open].sort((a, b) => a.status - b.status);
      for (const row of issuedFirst) await lifecycle.finish(tx, row, 'cancel');
    },
  };
}
