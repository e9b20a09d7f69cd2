import type { Database } from '../db/client.ts';

/** What a batch writer answers for one item: its result, or the error refusing it alone. */
export type ItemOutcome<O> = { ok: O } | { error: unknown };

/**
 * Writes a batch inside the transaction it is given, one outcome per item in the items' order.
 * It refuses an item by answering its error (the others still commit); throwing rolls the whole
 * batch back. `ordered` says the batch holds what orders it before later ones (its players'
 * rows): from then on the next batch may start beside it (`pipeline`). A writer that never calls
 * it lets the next batch start only once it finished.
 */
export type BatchWriter<I, O> = (
  tx: Database,
  items: I[],
  ordered: () => void,
) => Promise<ItemOutcome<O>[]>;

export interface GroupCommit<I, O> {
  /** Resolves once the item's batch committed (or rejects with the item's own refusal). */
  submit(item: I): Promise<O>;
  /** Resolves when nothing is queued or being written (for shutdown and tests). */
  idle(): Promise<void>;
}

/**
 * The batch's writer finished but its commit failed (the answer lost with the connection): the
 * items may have committed, so nothing may write them again; their outcome is unknown.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'CommitOutcomeUnknown';
  }
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (decision 071): items submitted while a batch is being written wait for it and
 * then go together, up to `maxBatch`, in one transaction of set-based statements; an item alone
 * goes at once, so a quiet system adds no delay. By default one batch at a time per group: the
 * embedded database's single connection is never asked for two transactions at once. With a
 * `pipeline` of n (PostgreSQL, decision 073), up to n batches are written at once, each started
 * only once the one before it said it holds what orders it (`ordered`: its players' rows, taken
 * in id order), so an item of a player in both waits for the earlier batch's commit and items
 * keep their submission order.
 *
 * When a batch's writer fails as a whole (a constraint it did not foresee, a deadlock), the
 * transaction rolled back and each item is written again alone in its own: one bad item fails
 * alone, and an item whose batch failed is answered by its own attempt, never by the batch's. A
 * failure of the commit itself (its answer lost with the connection) rejects the batch's items
 * instead: the batch may have committed, and writing them again could store them twice.
 */
export function createGroupCommit<I, O>(options: {
  db: Database;
  write: BatchWriter<I, O>;
  maxBatch?: number;
  /** Batches written at once (default 1); more than 1 needs a database with several connections. */
  pipeline?: number;
}): GroupCommit<I, O> {
  const { db, write } = options;
  const maxBatch = options.maxBatch ?? 64;
  const pipeline = options.pipeline ?? 1;
  let queue: Pending<I, O>[] = [];
  /** Batches being written, counted before each starts (a writer may say `ordered` at once). */
  let writing = 0;
  const inFlight = new Set<Promise<void>>();
  /** Whether the newest batch said it is ordered (or finished): the next one may start. */
  let newestOrdered = true;
  let batches = 0;

  const settle = (pending: Pending<I, O>, outcome: ItemOutcome<O> | undefined) => {
    if (!outcome) pending.reject(new Error('the batch writer answered no outcome for an item'));
    else if ('ok' in outcome) pending.resolve(outcome.ok);
    else pending.reject(outcome.error);
  };

  async function writeAlone(pending: Pending<I, O>): Promise<void> {
    let written = false;
    try {
      const [outcome] = await db.transaction(async (tx) => {
        // Alone, it orders nothing the next batch waits for.
        const answered = await write(tx, [pending.item], () => undefined);
        written = true;
        return answered;
      });
      settle(pending, outcome);
    } catch (error) {
      pending.reject(written ? new CommitOutcomeUnknown(error) : error);
    }
  }

  async function writeBatch(batch: Pending<I, O>[], ordered: () => void): Promise<void> {
    let outcomes: ItemOutcome<O>[];
    /** Whether the writer finished: a failure after it is the commit's, whose outcome is unknown. */
    let written = false;
    try {
      outcomes = await db.transaction(async (tx) => {
        const answered = await write(
          tx,
          batch.map((p) => p.item),
          ordered,
        );
        if (answered.length !== batch.length) {
          throw new Error(`the batch writer answered ${answered.length} of ${batch.length}`);
        }
        written = true;
        return answered;
      });
    } catch (error) {
      // A commit whose answer was lost (the connection dropped) may have committed: writing the
      // items again could store them twice. Only a failure inside the writer rolled back for sure.
      if (written) {
        const unknown = new CommitOutcomeUnknown(error);
        for (const pending of batch) pending.reject(unknown);
        return;
      }
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const pending of batch) await writeAlone(pending);
      return;
    }
    batch.forEach((pending, i) => settle(pending, outcomes[i]));
  }

  /** Starts the next batch while there are items, room in the pipeline, and the newest is ordered. */
  function pump(): void {
    while (queue.length > 0 && writing < pipeline && newestOrdered) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      batches += 1;
      const id = batches;
      writing += 1;
      newestOrdered = false;
      const ordered = () => {
        if (id !== batches || newestOrdered) return;
        newestOrdered = true;
        pump();
      };
      const run: Promise<void> = writeBatch(batch, ordered).finally(() => {
        writing -= 1;
        inFlight.delete(run);
        if (id === batches) newestOrdered = true;
        pump();
      });
      inFlight.add(run);
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
