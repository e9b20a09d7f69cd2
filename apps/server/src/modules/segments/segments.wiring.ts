import type { Database } from '../../db/client.ts';
import { createConsumedEventsRepo } from '../../platform/events/consumed-events.repo.ts';
import {
  createExactlyOnceConsumer,
  type ConsumerHandlers,
} from '../../platform/events/exactly-once-consumer.ts';
import type { DispatcherLogger } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxEvent } from '../../platform/events/outbox.repo.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import { segmentsAdminRoutes } from './segments-admin.routes.ts';
import { createSegmentRecheckRepo } from './segment-recheck.repo.ts';
import { createSegmentRecheck } from './segment-recheck.service.ts';
import { createSegmentsRepo } from './segments.repo.ts';
import { segmentsRoutes } from './segments.routes.ts';
import { createSegmentsService } from './segments.service.ts';

/** Keys what the segments consumer applied (consumed_events): never rename it. */
export const SEGMENTS_CONSUMER = 'segments';

/**
 * Segments (spec §7 GET /api/segments; decision 050). Redemptions add players to the W-9
 * segments; rule segments are kept current by `handler` (the events that change a player's
 * facts, that player only) and by `housekeeping` (the clock's rules: new, inactive).
 * `adminRoutes` go behind the back office's guard.
 */
export function wireSegments(deps: {
  db: Database;
  /** The pool outbox delivery writes on (decision 013). */
  background: Database;
  audit: Pick<AuditRepo, 'recordChange'>;
  log: Pick<DispatcherLogger, 'error' | 'warn'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repo = createSegmentsRepo(deps.db);
  const recheckRepo = createSegmentRecheckRepo();
  const recheck = createSegmentRecheck({
    repo: recheckRepo,
    background: deps.background,
    log: deps.log,
    now,
  });
  const service = createSegmentsService({
    repo,
    db: deps.db,
    background: deps.background,
    audit: deps.audit,
    recheckRepo,
    nudgeRecheck: () => recheck.nudge(),
    now,
  });
  // Each event names the player whose facts changed: sessions (registration opens one), a
  // purchase's status, the loyalty level, the profile (country). A loyalty account's plain point
  // change (every round's, issue 21) reaches no sublevel and so moves no fact: not even claimed
  // (`acts`, decision 073).
  const handlers = {
    'player.signed-in': (tx, e) => service.refreshPlayer(tx, e.payload.playerId),
    'bundle.purchase.updated': (tx, e) => service.refreshPlayer(tx, e.payload.playerId),
    'retention.account.updated': (tx, e) => service.refreshPlayer(tx, e.payload.playerId),
    'player.profile.completed': (tx, e) => service.refreshPlayer(tx, e.payload.playerId),
  } satisfies ConsumerHandlers;
  const handler = createExactlyOnceConsumer({
    name: SEGMENTS_CONSUMER,
    db: deps.background,
    consumed: createConsumedEventsRepo(),
    handlers,
    // A read at once (decision 044): each player in it evaluated once, whatever their events.
    applyMany: (tx, events) =>
      service.refreshPlayers(
        tx,
        events.map((e) => (e.payload as { playerId: string }).playerId),
      ),
    acts: movesFacts,
    log: deps.log,
  });
  return {
    routes: segmentsRoutes(service),
    adminRoutes: segmentsAdminRoutes(service),
    repo,
    service,
    /** Outbox handler: the rule memberships of the player an event is about, once per event. */
    handler,
    /**
     * The background re-check after an edit or a retirement (decision 064): started when the
     * app is ready (resuming any unfinished run), stopped when it closes.
     */
    recheck,
    /** Leader-only periodic task: the time-based rules. */
    housekeeping: async (): Promise<void> => {
      await service.refreshAll();
    },
  };
}

/**
 * Whether an event may move a player's segment facts, from the event as written: a loyalty
 * account's plain point change (every round's) reaches no sublevel and so moves no fact; one
 * whose `reached` is not a list is taken, and its payload check logs it.
 */
function movesFacts(event: OutboxEvent): boolean {
  if (event.type !== 'retention.account.updated') return true;
  const { reached } = event.payload as { reached?: unknown };
  return !Array.isArray(reached) || reached.length > 0;
}
