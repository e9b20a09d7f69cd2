import type { onRequestAsyncHookHandler } from 'fastify';
import type { VipHost } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { createConsumedEventsRepo } from '../../platform/events/consumed-events.repo.ts';
import { createExactlyOnceConsumer } from '../../platform/events/exactly-once-consumer.ts';
import type { DispatcherLogger } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { createLoyaltyRepo } from './loyalty.repo.ts';
import { loyaltyRoutes } from './loyalty.routes.ts';
import { createLoyaltyService, type GrantBySlug } from './loyalty.service.ts';
import { createVipService } from './vip.service.ts';

/** Keys what the loyalty consumer applied (consumed_events): never rename it. */
export const LOYALTY_CONSUMER = 'loyalty';

/**
 * Loyalty levels, sublevels and VIP (issue 15, decision 029). Its routes go under
 * /api/retention; its outbox handler applies settled rounds and completed purchases exactly
 * once (on the background pool, like every delivery); its housekeeping credits the daily VIP
 * rakeback. `awardPoints` is the quest engine's door; `dailyBonusPercent` the bonus engine's.
 */
export function wireLoyalty(deps: {
  db: Database;
  /** The pool outbox delivery writes on (decision 013). */
  background: Database;
  players: PlayerRowLock;
  outbox: Pick<OutboxRepo, 'record'>;
  /** The bonus engine's grant (bonus.grantBySlug). */
  grant: GrantBySlug;
  requireAuth: onRequestAsyncHookHandler;
  vipHost: VipHost | null;
  log: Pick<DispatcherLogger, 'error'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repo = createLoyaltyRepo(deps.db);
  const loyalty = createLoyaltyService({
    repo,
    players: deps.players,
    outbox: deps.outbox,
    grant: deps.grant,
    now,
  });
  const vip = createVipService({
    repo,
    loyalty,
    players: deps.players,
    grant: deps.grant,
    host: deps.vipHost,
    now,
  });
  const handler = createExactlyOnceConsumer({
    name: LOYALTY_CONSUMER,
    db: deps.background,
    consumed: createConsumedEventsRepo(),
    handlers: {
      'game.round.settled': (tx, event) => loyalty.onRoundSettled(tx, event.payload),
      'bundle.purchase.updated': (tx, event) => loyalty.onPurchaseUpdated(tx, event.payload),
    },
    log: deps.log,
  });

  return {
    routes: loyaltyRoutes({ loyalty, vip, requireAuth: deps.requireAuth }),
    /** Outbox handler: points and rakeback from rounds and purchases, once per event. */
    handler,
    /** Leader-only periodic task: the daily rakeback credit. */
    housekeeping: async (): Promise<void> => {
      await vip.creditRakeback();
    },
    /** Quest rewards: `points` once per `sourceKey`, in the caller's transaction. */
    awardLoyaltyPoints: loyalty.awardPoints,
    /** The bonus engine's daily amount percent for the player's level. */
    dailyBonusPercent: loyalty.dailyBonusPercent,
    vip,
  };
}
