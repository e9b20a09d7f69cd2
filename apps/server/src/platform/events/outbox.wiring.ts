import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import type { OutboxCommits } from './outbox-commits.ts';
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
  /**
   * Commits on this node that recorded events (decision 051): the leader reads at once; a
   * follower nudges the leader (PostgreSQL NOTIFY, after the commit, coalesced).
   */
  commits?: OutboxCommits;
  /** The least time between two nudges a follower sends (default 5 ms). */
  nudgeGapMs?: number;
};

/** The channel followers NOTIFY and the leader LISTENs on (decision 051). */
export const OUTBOX_NUDGE_CHANNEL = 'coinfall_outbox';

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
  const { leaderRetryMs, commits, nudgeGapMs, ...options } = tuning;
  // Set once the dispatcher exists; nudges and commits only come after start().
  let dispatcher: OutboxDispatcher | null = null;
  let leadership;
  if (database.connectionString) {
    leadership = createPostgresLeadership({
      connectionString: database.connectionString,
      retryMs: leaderRetryMs ?? 3000,
      log,
      nudges: { channel: OUTBOX_NUDGE_CHANNEL, onNudge: () => dispatcher?.wake() },
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
  const created = createOutboxDispatcher({
    ...options,
    housekeeping: [...(options.housekeeping ?? []), pruneConsumed],
    repo: createOutboxRepo(background),
    leadership,
    log,
  });
  dispatcher = created;
  if (commits) {
    // PGlite always leads, so only PostgreSQL followers ever nudge.
    const nudge = coalesced(
      () => background.execute(sql`select pg_notify(${OUTBOX_NUDGE_CHANNEL}, '')`),
      nudgeGapMs ?? 5,
      (err) => log.warn({ err }, 'outbox nudge to the leader failed; its poll delivers'),
    );
    commits.onCommit(() => {
      if (created.isLeader()) created.wake();
      else if (database.connectionString) nudge();
    });
  }
  return created;
}

/**
 * `send` at most once per `gapMs` and one at a time: calls meanwhile fold into one more send
 * after it. The nudge is sent after the commit, in a statement of its own: pg_notify inside the
 * transaction would serialise every commit that recorded an event (decision 013).
 */
function coalesced(
  send: () => Promise<unknown>,
  gapMs: number,
  onError: (err: unknown) => void,
): () => void {
  let busy = false;
  let pending = false;
  const run = (): void => {
    busy = true;
    pending = false;
    void send()
      .catch(onError)
      .then(() => new Promise((resolve) => setTimeout(resolve, gapMs).unref()))
      .finally(() => {
        busy = false;
        if (pending) run();
      });
  };
  return () => {
    if (busy) pending = true;
    else run();
  };
}
