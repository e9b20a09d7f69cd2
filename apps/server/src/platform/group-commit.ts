import type { Database } from '../db/client.ts';

/** What a batch writer answers for one item: its result, or the error refusing it alone. */
export type ItemOutcome<O> = { ok: O } | { error: unknown };

/**
 * Writes a batch inside the transaction it is given, one outcome per item in the items' order.
 * It refuses an item by answering its error (the others still commit); throwing rolls the whole
 * batch back.
 */
export type BatchWriter<I, O> = (tx: Database, items: I[]) => Promise<ItemOutcome<O>[]>;

export interface GroupCommit<I, O> {
  /** Resolves once the item's batch committed (or rejects with the item's own refusal). */
  submit(item: I): Promise<O>;
  /** Resolves when nothing is queued or being written (for shutdown and tests). */
  idle(): Promise<void>;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (decision 071): items submitted while a batch is being written wait for it and
 * then go together, up to `maxBatch`, in one transaction of set-based statements; an item alone
 * goes at once, so a quiet system adds no delay. One batch at a time per group: items of one
 * player keep their submission order, and the embedded database's single connection is never
 * asked for two transactions at once.
 *
 * When a batch's transaction fails as a whole (a lost connection, a constraint the writer did
 * not foresee), each item is written again alone in its own transaction: one bad item fails
 * alone, and an item whose batch failed is answered by its own attempt, never by the batch's.
 */
export function createGroupCommit<I, O>(options: {
  db: Database;
  write: BatchWriter<I, O>;
  maxBatch?: number;
}): GroupCommit<I, O> {
  const { db, write } = options;
  const maxBatch = options.maxBatch ?? 64;
  let queue: Pending<I, O>[] = [];
  let running: Promise<void> | null = null;

  const settle = (pending: Pending<I, O>, outcome: ItemOutcome<O> | undefined) => {
    if (!outcome) pending.reject(new Error('the batch writer answered no outcome for an item'));
    else if ('ok' in outcome) pending.resolve(outcome.ok);
    else pending.reject(outcome.error);
  };

  async function writeAlone(pending: Pending<I, O>): Promise<void> {
    try {
      const [outcome] = await db.transaction((tx) => write(tx, [pending.item]));
      settle(pending, outcome);
    } catch (error) {
      pending.reject(error);
    }
  }

  async function writeBatch(batch: Pending<I, O>[]): Promise<void> {
    let outcomes: ItemOutcome<O>[];
    try {
      outcomes = await db.transaction(async (tx) => {
        const answered = await write(
          tx,
          batch.map((p) => p.item),
        );
        if (answered.length !== batch.length) {
          throw new Error(`the batch writer answered ${answered.length} of ${batch.length}`);
        }
        return answered;
      });
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const pending of batch) await writeAlone(pending);
      return;
    }
    batch.forEach((pending, i) => settle(pending, outcomes[i]));
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      await writeBatch(batch);
    }
    running = null;
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        running ??= drain();
      });
    },
    async idle() {
      while (running) await running;
    },
  };
}
