import { createHmac } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createIdempotency } from '../../platform/idempotency/idempotency.ts';
import { createIdempotencyRepo } from '../../platform/idempotency/idempotency.repo.ts';
import { createLedgerRepo } from '../ledger/ledger.repo.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { createInvoiceHistoryRepo } from '../payment/invoice-history.repo.ts';
import { invoiceHistoryRoutes } from '../payment/invoice-history.routes.ts';
import { createInvoiceHistoryService } from '../payment/invoice-history.service.ts';
import { createWalletRepo } from '../wallet/wallet.repo.ts';
import { createSegmentsRepo } from '../segments/segments.repo.ts';
import { segmentsRoutes } from '../segments/segments.routes.ts';
import { createSegmentsService } from '../segments/segments.service.ts';
import { createOperatorCreditService } from './operator-credit.service.ts';
import { payoutDevRoutes } from './payout-dev.routes.ts';
import { createPlaythroughService } from './playthrough.service.ts';
import { createRedemptionRepo } from './redemption.repo.ts';
import { redemptionRoutes } from './redemption.routes.ts';
import { createPayoutEventHandler } from './payout-events.ts';
import { createRedemptionService } from './redemption.service.ts';
import { createW9Service } from './w9.service.ts';

/**
 * Builds the redemption side (playthrough, W-9, payouts, segments, invoice history): its routes
 * for the /api scope, and what other modules call — the games' recordWager and the payment
 * provider's payout webhooks.
 */
export function wireRedemptions(deps: {
  config: Config;
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  now?: () => Date;
}) {
  const { config, db, requireAuth, now } = deps;
  const repo = createRedemptionRepo(db);
  const segmentsRepo = createSegmentsRepo(db);
  const ledger = createLedgerService({ repo: createLedgerRepo(db) });
  const playthrough = createPlaythroughService({ repo, now });
  const w9 = createW9Service({
    repo,
    segments: segmentsRepo,
    // A key of its own, derived from the server secret: TIN hashes are useless without it.
    tinKey: createHmac('sha256', config.jwtSecret).update('coinfall:w9-tin').digest(),
    now,
  });
  const redemptions = createRedemptionService({
    repo,
    ledger,
    playthrough,
    w9,
    segments: segmentsRepo,
    now,
  });
  const idempotency = createIdempotency({ repo: createIdempotencyRepo(db) });
  const history = createInvoiceHistoryService({ repo: createInvoiceHistoryRepo(db) });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(segmentsRoutes(createSegmentsService({ repo: segmentsRepo })));
    await api.register(
      redemptionRoutes({ redemptions, playthrough, w9, idempotency, requireAuth }),
    );
    await api.register(invoiceHistoryRoutes(history, requireAuth), { prefix: '/payment' });
    if (config.sandbox) {
      const credits = createOperatorCreditService({
        db,
        ledger,
        wallet: createWalletRepo(db),
        now,
      });
      await api.register(payoutDevRoutes({ redemptions, credits }), { prefix: '/dev' });
    }
  };

  return {
    routes,
    recordWager: playthrough.recordWager,
    settlePayout: redemptions.settlePayout,
    onPayoutEvent: createPayoutEventHandler(redemptions),
  };
}
