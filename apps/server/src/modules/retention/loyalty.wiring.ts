import type { onRequestAsyncHookHandler } from 'fastify';
import type { GameRoundSettledEvent, VipHost } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { createConsumedEventsRepo } from '../../platform/events/consumed-events.repo.ts';
import {
  createExactlyOnceConsumer,
  type ConsumedEvent,
  type ConsumerHandlers,
} from '../../platform/events/exactly-once-consumer.ts';
import type { DispatcherLogger } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import { lockInIdOrder } from '../wallet/wallet.fns.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import { createLoyaltyAdminRepo } from './loyalty-admin.repo.ts';
import { loyaltyAdminRoutes } from './loyalty-admin.routes.ts';
import { createLoyaltyAdminService } from './loyalty-admin.service.ts';
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
  outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
  /** The bonus engine's grant (bonus.grantBySlug). */
  grant: GrantBySlug;
  requireAuth: onRequestAsyncHookHandler;
  vipHost: VipHost | null;
  audit: Pick<AuditRepo, 'recordChange'>;
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
  const handlers = {
    'game.round.settled': (tx, event) => loyalty.onRoundSettled(tx, event.payload),
    'bundle.purchase.updated': (tx, event) => loyalty.onPurchaseUpdated(tx, event.payload),
  } satisfies ConsumerHandlers;
  const handler = createExactlyOnceConsumer({
    name: LOYALTY_CONSUMER,
    db: deps.background,
    consumed: createConsumedEventsRepo(),
    handlers,
    // A read at once (decision 044): a player with a purchase in it goes event by event (its
    // award key and sublevel order as ever); every other player's rounds in one go.
    applyMany: async (tx, events) => {
      const playerOf = (e: (typeof events)[number]) => (e.payload as { playerId: string }).playerId;
      const oneByOne = new Set(events.filter((e) => e.type !== 'game.round.settled').map(playerOf));
      // Every player of the read locked first, in id order (as every locker of several players
      // takes them, decision 072): the event-by-event part would otherwise lock in event order.
      if (oneByOne.size > 0) await lockInIdOrder(deps.players, tx, events.map(playerOf));
      const rounds: GameRoundSettledEvent[] = [];
      for (const event of events) {
        if (oneByOne.has(playerOf(event))) {
          if (event.type === 'game.round.settled') {
            await handlers['game.round.settled'](tx, event as ConsumedEvent<'game.round.settled'>);
          } else if (event.type === 'bundle.purchase.updated') {
            await handlers['bundle.purchase.updated'](
              tx,
              event as ConsumedEvent<'bundle.purchase.updated'>,
            );
          }
        } else if (event.type === 'game.round.settled') {
          rounds.push((event as ConsumedEvent<'game.round.settled'>).payload);
        }
      }
      await loyalty.onRoundsSettled(tx, rounds);
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
    /** For the back office to mount under /admin, behind its staff guard (decision 057). */
    adminRoutes: loyaltyAdminRoutes(
      createLoyaltyAdminService({
        db: deps.db,
        repo: createLoyaltyAdminRepo(),
        ladder: repo,
        loyalty,
        audit: deps.audit,
      }),
    ),
  };
}
