import { createHmac } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { InvoiceRepo } from '../invoice/invoice.repo.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SegmentsRepo } from '../segments/segments.repo.ts';
import type { OperatorCreditService } from '../sweeps/operator-credit.service.ts';
import type { PlaythroughService } from '../sweeps/playthrough.service.ts';
import type { CurrencyRatesRepo } from '../wallet/currency-rates.repo.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { payoutDevRoutes } from './payout-dev.routes.ts';
import { createPayoutEventHandler } from './payout-events.ts';
import { createRedemptionRepo } from './redemption.repo.ts';
import { redemptionRoutes } from './redemption.routes.ts';
import type { RedemptionDeps } from './use-cases/redemption-steps.ts';
import { createRedemptionService } from './redemption.service.ts';
import { createW9Service } from './w9.service.ts';

/**
 * Redemptions (docs/decisions/012): payouts, W-9 and the redeemable view under /api, the sandbox
 * operator tools under /api/dev, and the payout settlement the payment provider's webhooks call.
 */
export function wireRedemptions(deps: {
  config: Config;
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  /** The guard of the sandbox operator tools (/api/dev). */
  operators: Pick<OperatorAuth, 'requireOperator'>;
  idempotency: Idempotency;
  ledger: Pick<LedgerService, 'post'>;
  outbox: OutboxRecorder;
  players: PlayerRowLock;
  segments: Pick<SegmentsRepo, 'addPlayer'>;
  playthrough: PlaythroughService;
  operatorCredits: OperatorCreditService;
  /** Invoice rows and currency rates, the invoice and wallet modules' repos. */
  invoiceRows: InvoiceRepo;
  rates: CurrencyRatesRepo;
  /** The bonus engine's check before an SC redemption's hold (open SC bonuses). */
  beforeRedemption?: RedemptionDeps['beforeRedemption'];
  /** The jurisdiction rules' redemption door (decision 046). */
  assertRedemptions?: RedemptionDeps['assertRedemptions'];
  allowsRedemptions?: RedemptionDeps['allowsRedemptions'];
  now?: () => Date;
}) {
  const { config, db, requireAuth, playthrough, now } = deps;
  const repo = createRedemptionRepo(db, { invoiceRows: deps.invoiceRows, rates: deps.rates });
  const w9 = createW9Service({
    repo,
    players: deps.players,
    segments: deps.segments,
    // A key of its own, derived from the server secret: TIN hashes are useless without it.
    tinKey: createHmac('sha256', config.jwtSecret).update('coinfall:w9-tin').digest(),
    now,
  });
  const redemptions = createRedemptionService({
    repo,
    players: deps.players,
    ledger: deps.ledger,
    playthrough,
    w9,
    segments: deps.segments,
    outbox: deps.outbox,
    beforeRedemption: deps.beforeRedemption,
    assertRedemptions: deps.assertRedemptions,
    allowsRedemptions: deps.allowsRedemptions,
    now,
  });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(
      redemptionRoutes({
        redemptions,
        playthrough,
        w9,
        idempotency: deps.idempotency,
        requireAuth,
      }),
    );
    if (config.sandbox) {
      const devRoutes = payoutDevRoutes({
        redemptions,
        credits: deps.operatorCredits,
        requireOperator: deps.operators.requireOperator,
      });
      await api.register(devRoutes, { prefix: '/dev' });
    }
  };

  return {
    routes,
    settlePayout: redemptions.settlePayout,
    /** The back office's approval: the provider sends the payout (decision 031). */
    approvePayout: redemptions.approvePayout,
    /** A quiet approval's claim resolved by asking the provider (decision 070). */
    resolveLapsedClaim: redemptions.resolveLapsedClaim,
    onPayoutEvent: createPayoutEventHandler(redemptions),
  };
}
