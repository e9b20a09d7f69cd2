import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, DatabaseHandle } from '../../db/client.ts';

/**
 * Commits that recorded outbox events on this node (decision 051): the dispatcher wakes on them
 * instead of waiting for its next idle poll, which alone held a chat message up to 100 ms.
 *
 * The outbox door marks the transaction it records in (`noteEventRecorded`, called by `record`,
 * `recordMany` and the code that runs a statement embedding `recordEventsSql`); the app's
 * database handles, wrapped once by the composition root (`watchOutboxCommits`), tell the
 * listeners after such a transaction committed. Nothing is told for a rolled-back one; a
 * savepoint rolled back after recording is told anyway (one read of an outbox with nothing new:
 * harmless). The poll stays for events of other nodes and writes outside these handles.
 *
 * The mark is an AsyncLocalStorage. On Node 20 that turns promise hooks on for the whole process,
 * but React's server renderer turns them on anyway at the first page: a mark keyed by
 * transaction handle instead was measured and gained nothing (decision 075).
 */
export interface OutboxCommits {
  /** `listener` runs after every commit that recorded events; returns the unsubscribe. */
  onCommit(listener: () => void): () => void;
}

interface TransactionMark {
  recorded: boolean;
}

/** The transaction (of a watched handle) the current async call runs in, if any. */
const currentTransaction = new AsyncLocalStorage<TransactionMark>();

/** Called by the outbox door when it writes events: the enclosing transaction recorded some. */
export function noteEventRecorded(): void {
  const mark = currentTransaction.getStore();
  if (mark) mark.recorded = true;
}

/**
 * `db` with `transaction` running each callback under a mark, and calling `told` once the
 * transaction committed if it recorded events. Everything else is `db`'s own (the prototype).
 */
function watched(db: Database, told: () => void): Database {
  const wrapper = Object.create(db) as Database;
  const transaction: Database['transaction'] = async (run, config) => {
    const mark: TransactionMark = { recorded: false };
    const result = await currentTransaction.run(mark, () => db.transaction(run, config));
    // Committed (a rollback threw above): the rows are visible to the dispatcher's read.
    if (mark.recorded) told();
    return result;
  };
  Object.defineProperty(wrapper, 'transaction', { value: transaction });
  return wrapper;
}

/**
 * The handle the app works with: its request and background databases watched. Built once per
 * app by the composition root, before any module takes `db`.
 */
export function watchOutboxCommits(database: DatabaseHandle): {
  database: DatabaseHandle;
  commits: OutboxCommits;
} {
  const listeners = new Set<() => void>();
  const told = () => {
    for (const listener of listeners) listener();
  };
  const db = watched(database.db, told);
  // PGlite's background is the same database as `db`: keep it one object.
  const background = database.background === database.db ? db : watched(database.background, told);
  return {
    database: { ...database, db, background },
    commits: {
      onCommit(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
