import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createConsumedEventsRepo } from '../../platform/events/consumed-events.repo.ts';
import type { DomainEventType } from '@coinfall/shared';
import {
  createExactlyOnceConsumer,
  type ConsumedEvent,
  type ConsumerBatchHandler,
  type ConsumerHandlers,
} from '../../platform/events/exactly-once-consumer.ts';
import type { DispatcherLogger, OutboxHandler } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import { lockInIdOrder } from '../wallet/wallet.fns.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { createPlayerQuestsRepo } from './player-quests.repo.ts';
import { createQuestAwards } from './quest-awards.service.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import { createQuestCatalog } from './quest-catalog.ts';
import { createQuestsAdminRepo } from './quests-admin.repo.ts';
import { questsAdminRoutes } from './quests-admin.routes.ts';
import { createQuestsAdminService } from './quests-admin.service.ts';
import { createQuestCatalogRepo } from './quest-catalog.repo.ts';
import { createQuestEngine } from './quest-engine.service.ts';
import { occurrenceOf } from './quest-events.fns.ts';
import type { Occurrence } from './quest-progress.fns.ts';
import { createQuestRewards, type QuestRewardDeps } from './quest-rewards.ts';
import { retentionRoutes } from './retention.routes.ts';
import { createRetentionService } from './retention.service.ts';

/** Names of the two exactly-once consumers: they key consumed_events, keep them stable. */
export const QUEST_PROGRESS_CONSUMER = 'retention.quests';
export const QUEST_AWARDS_CONSUMER = 'retention.quest-awards';

/**
 * Quests and chains (issue 15, decision 028): definitions, enrolment, progress from outbox events
 * (an exactly-once consumer), awards (a second one, on quest.updated), the /api/retention quest
 * routes and the expiry job.
 */
export function wireRetention(
  deps: {
    db: Database;
    /** Where the consumers write: the outbox's background pool (decision 013). */
    background: Database;
    outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
    players: PlayerRowLock;
    requireAuth: onRequestAsyncHookHandler;
    log: Pick<DispatcherLogger, 'error'>;
    /** The back office's audit trail, for the staff's edits of quests and chains. */
    audit: Pick<AuditRepo, 'recordChange'>;
    now?: () => Date;
  } & QuestRewardDeps,
) {
  const now = deps.now ?? (() => new Date());
  const repo = createPlayerQuestsRepo();
  const catalogRepo = createQuestCatalogRepo();
  const catalog = createQuestCatalog({ repo: catalogRepo });
  const engine = createQuestEngine({ catalog, catalogRepo, repo, outbox: deps.outbox, now });
  const awards = createQuestAwards({
    repo,
    catalog,
    engine,
    rewards: createQuestRewards(deps),
    players: deps.players,
    now,
  });
  const service = createRetentionService({ db: deps.db, repo, catalogRepo, catalog, engine, now });
  const consumed = createConsumedEventsRepo();

  const applyTo = async (tx: Database, playerId: string, o: Occurrence | null) => {
    if (o) await engine.apply(tx, playerId, o);
  };
  const progress: ConsumerHandlers = {
    'game.round.settled': (tx, e) =>
      applyTo(tx, e.payload.playerId, occurrenceOf['game.round.settled'](e.payload)),
    'bundle.purchase.updated': (tx, e) =>
      applyTo(tx, e.payload.playerId, occurrenceOf['bundle.purchase.updated'](e.payload)),
    'kyc.player.updated': (tx, e) =>
      applyTo(tx, e.payload.playerId, occurrenceOf['kyc.player.updated'](e.payload)),
    'player.verified': (tx, e) =>
      applyTo(tx, e.payload.playerId, occurrenceOf['player.verified'](e.payload)),
    'player.signed-in': (tx, e) =>
      applyTo(tx, e.payload.playerId, occurrenceOf['player.signed-in'](e.payload)),
    'player.profile.completed': (tx, e) =>
      applyTo(tx, e.payload.playerId, occurrenceOf['player.profile.completed']()),
  };

  // A read's events at once (decision 044): each listened event's occurrence, in order.
  const occurrenceOfEvent = occurrenceOf as Partial<
    Record<DomainEventType, (payload: never) => Occurrence | null>
  >;
  const progressMany: ConsumerBatchHandler = async (tx, events) => {
    const items = events.flatMap((e) => {
      const occurrence = occurrenceOfEvent[e.type]?.(e.payload as never) ?? null;
      const { playerId } = e.payload as { playerId: string };
      return occurrence ? [{ playerId, occurrence }] : [];
    });
    await engine.applyMany(tx, items);
  };

  const awardDue = (e: ConsumedEvent<DomainEventType>): e is ConsumedEvent<'quest.updated'> =>
    e.type === 'quest.updated' &&
    (e as ConsumedEvent<'quest.updated'>).payload.quest.isCompleted &&
    !(e as ConsumedEvent<'quest.updated'>).payload.quest.isAwarded;
  const award = async (tx: Database, event: ConsumedEvent<'quest.updated'>) => {
    if (awardDue(event))
      await awards.award(tx, event.payload.quest.playerId, event.payload.quest.id);
  };

  const handlers: OutboxHandler[] = [
    createExactlyOnceConsumer({
      name: QUEST_PROGRESS_CONSUMER,
      db: deps.background,
      consumed,
      log: deps.log,
      handlers: progress,
      applyMany: progressMany,
    }),
    createExactlyOnceConsumer({
      name: QUEST_AWARDS_CONSUMER,
      db: deps.background,
      consumed,
      log: deps.log,
      handlers: { 'quest.updated': award },
      // A read at once: its players locked first, in id order (as every locker of several
      // players takes them, decision 072), then each event's award in order.
      applyMany: async (tx, events) => {
        const due = events.filter(awardDue);
        await lockInIdOrder(
          deps.players,
          tx,
          due.map((e) => e.payload.quest.playerId),
        );
        for (const event of due) await award(tx, event);
      },
    }),
  ];

  return {
    routes: retentionRoutes({ service, requireAuth: deps.requireAuth }),
    /** The outbox handlers, in order: progress first, then awards. */
    handlers,
    /** The outbox leader's periodic task: ended quests become not accessible (6). */
    housekeeping: async (): Promise<void> => {
      while ((await service.expireEnded()) > 0);
    },
    service,
    catalog,
    /** For the back office to mount under /admin, behind its staff guard (decision 042). */
    adminRoutes: questsAdminRoutes(
      createQuestsAdminService({
        db: deps.db,
        repo: createQuestsAdminRepo(),
        catalog,
        audit: deps.audit,
      }),
    ),
  };
}
