import type { Database, DatabaseHandle } from '../../db/client.ts';

/**
 * Commits that recorded outbox events on this node (decision 051): the dispatcher wakes on them
 * instead of waiting for its next idle poll, which alone held a chat message up to 100 ms.
 *
 * The outbox door marks the transaction it records in (`noteEventRecorded`: `record`,
 * `recordMany`, `recordEventsSql`); the app's database handles, wrapped once by the composition
 * root (`watchOutboxCommits`), tell the listeners after such a transaction committed. Nothing is
 * told for a rolled-back one; a savepoint rolled back after recording is told anyway (one read
 * of an outbox with nothing new: harmless). The poll stays for events of other nodes and writes
 * outside these handles.
 */
export interface OutboxCommits {
  /** `listener` runs after every commit that recorded events; returns the unsubscribe. */
  onCommit(listener: () => void): () => void;
}

interface TransactionMark {
  recorded: boolean;
}

/**
 * The mark of each transaction handle (and savepoint handle) of a watched database, by handle.
 * Keyed by the handle the writer is given, not by an AsyncLocalStorage of the call: on Node 20 a
 * single AsyncLocalStorage turns on promise hooks for the whole process, a cost every promise of
 * every request then pays (decision 075).
 */
const marks = new WeakMap<object, TransactionMark>();

/** Called by the outbox door when it writes events in `tx`: that transaction recorded some. */
export function noteEventRecorded(tx: Database): void {
  const mark = marks.get(tx);
  if (mark) mark.recorded = true;
}

/**
 * `tx` as the callback sees it: marked with `mark`, and so are the savepoints opened from it,
 * whose events commit (or not) with the outermost transaction.
 */
function markedHandle<T extends Database>(tx: T, mark: TransactionMark): T {
  const handle = Object.create(tx) as T;
  const transaction: Database['transaction'] = (run, config) =>
    tx.transaction((nested) => run(markedHandle(nested, mark)), config);
  Object.defineProperty(handle, 'transaction', { value: transaction });
  marks.set(handle, mark);
  return handle;
}

/**
 * `db` with `transaction` giving each callback a marked handle, and calling `told` once the
 * transaction committed if it recorded events. Everything else is `db`'s own (the prototype).
 */
function watched(db: Database, told: () => void): Database {
  const wrapper = Object.create(db) as Database;
  const transaction: Database['transaction'] = async (run, config) => {
    const mark: TransactionMark = { recorded: false };
    const result = await db.transaction((tx) => run(markedHandle(tx, mark)), config);
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
