import type { DatabaseHandle } from '../../db/client.ts';
import {
  createOutboxDispatcher,
  type DispatcherLogger,
  type DispatcherOptions,
  type OutboxDispatcher,
} from './outbox-dispatcher.ts';
import { createEmbeddedLeadership, createPostgresLeadership } from './outbox-leadership.ts';
import { createOutboxRepo } from './outbox.repo.ts';
import { createConsumedEventsRepo } from './consumed-events.repo.ts';

export type OutboxTuning = Omit<DispatcherOptions, 'repo' | 'leadership' | 'log'> & {
  /** How often a follower tries to take the lead (and the leader checks its connection). */
  leaderRetryMs?: number;
};

const CONSUMED_PRUNE_BATCH = 5000;

/**
 * The dispatcher for this database: on PostgreSQL it leads only while it holds the advisory lock
 * on a connection of its own, and reads and marks the outbox on the background pool; on PGlite
 * (one process) it always leads.
 */
export function createDispatcherFor(
  database: DatabaseHandle,
  log: DispatcherLogger,
  tuning: OutboxTuning = {},
): OutboxDispatcher {
  const { leaderRetryMs, ...options } = tuning;
  let leadership;
  if (database.connectionString) {
    leadership = createPostgresLeadership({
      connectionString: database.connectionString,
      retryMs: leaderRetryMs ?? 3000,
      log,
    });
  } else if (database.driver === 'pglite') {
    leadership = createEmbeddedLeadership();
  } else {
    throw new Error(`outbox: no way to lead on a ${database.driver} handle`);
  }
  const consumed = createConsumedEventsRepo();
  const background = database.background;
  // Exactly-once consumers' bookkeeping goes once its events are pruned (decision 028).
  const pruneConsumed = async (): Promise<void> => {
    while ((await consumed.prune(background, CONSUMED_PRUNE_BATCH)) === CONSUMED_PRUNE_BATCH);
  };
  return createOutboxDispatcher({
    ...options,
    housekeeping: [...(options.housekeeping ?? []), pruneConsumed],
    repo: createOutboxRepo(background),
    leadership,
    log,
  });
}
