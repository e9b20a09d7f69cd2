import type { Database } from '../db/client.ts';
import { CommitOutcomeUnknown, createGroupCommit, type BatchWriter } from './group-commit.ts';

/**
 * A transaction runner that counts transactions and holds each one open until released, so a
 * test decides what arrives while a batch is being written.
 */
function heldDatabase() {
  const gates: (() => void)[] = [];
  let transactions = 0;
  const db = {
    async transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      transactions += 1;
      await new Promise<void>((release) => gates.push(release));
      return work(db as unknown as Database);
    },
  };
  return {
    db: db as unknown as Database,
    transactions: () => transactions,
    /** Lets the oldest held transaction run; resolves once it was asked for. */
    async release() {
      while (gates.length === 0) await new Promise((r) => setImmediate(r));
      gates.shift()!();
    },
  };
}

const doubling: BatchWriter<number, number> = async (_tx, items) =>
  items.map((n) => ({ ok: n * 2 }));

describe('group commit', () => {
  it('writes an item alone at once, and what arrives meanwhile together next, in order', async () => {
    const held = heldDatabase();
    const batches: number[][] = [];
    const group = createGroupCommit<number, number>({
      db: held.db,
      write: (tx, items, ordered) => {
        batches.push(items);
        return doubling(tx, items, ordered);
      },
    });
    const first = group.submit(1);
    const rest = [2, 3, 4].map((n) => group.submit(n));
    await held.release();
    await held.release();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(held.transactions()).toBe(2);
  });

  it('writes at most maxBatch items per transaction', async () => {
    const held = heldDatabase();
    const batches: number[][] = [];
    const group = createGroupCommit<number, number>({
      db: held.db,
      maxBatch: 2,
      write: (tx, items, ordered) => {
        batches.push(items);
        return doubling(tx, items, ordered);
      },
    });
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => group.submit(n)));
    for (let i = 0; i < 3; i += 1) await held.release();
    await all;
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('refuses the item its writer refuses, and answers the others of the batch', async () => {
    const held = heldDatabase();
    const group = createGroupCommit<number, number>({
      db: held.db,
      write: async (_tx, items) =>
        items.map((n) => (n === 3 ? { error: new Error('three refused') } : { ok: n })),
    });
    const blocker = group.submit(0);
    const answers = [1, 2, 3, 4].map((n) => group.submit(n).catch((e: Error) => e.message));
    await held.release();
    await held.release();
    await blocker;
    expect(await Promise.all(answers)).toEqual([1, 2, 'three refused', 4]);
    expect(held.transactions()).toBe(2);
  });

  it('writes each item of a failed batch again alone: only the bad one fails', async () => {
    const held = heldDatabase();
    const batches: number[][] = [];
    const group = createGroupCommit<number, number>({
      db: held.db,
      write: async (_tx, items) => {
        batches.push(items);
        if (items.includes(13)) throw new Error('thirteen breaks the transaction');
        return items.map((n) => ({ ok: n }));
      },
    });
    const blocker = group.submit(0);
    const answers = [11, 12, 13, 14].map((n) => group.submit(n).catch((e: Error) => e.message));
    // The blocker, the failed batch, then the four items alone.
    for (let i = 0; i < 6; i += 1) await held.release();
    await blocker;
    expect(await Promise.all(answers)).toEqual([11, 12, 'thirteen breaks the transaction', 14]);
    expect(batches).toEqual([[0], [11, 12, 13, 14], [11], [12], [13], [14]]);
  });

  it('fails a batch whose writer answers for fewer items than it was given', async () => {
    const held = heldDatabase();
    const group = createGroupCommit<number, number>({
      db: held.db,
      write: async (_tx, items) => items.slice(1).map((n) => ({ ok: n })),
    });
    const answer = group.submit(1);
    await held.release();
    await expect(answer).rejects.toThrow('answered 0 of 1');
    await group.idle();
  });

  it('does not write again the items of a batch whose commit failed: it may have committed', async () => {
    const written: number[][] = [];
    let commits = 0;
    // The writer finishes; the commit then fails, as when its answer is lost with the connection.
    const db = {
      async transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
        const result = await work(db);
        commits += 1;
        if (commits === 2) throw new Error('connection lost at commit');
        return result;
      },
    } as unknown as Database;
    const group = createGroupCommit<number, number>({
      db,
      write: async (_tx, items) => {
        written.push(items);
        await new Promise((r) => setImmediate(r));
        return items.map((n) => ({ ok: n }));
      },
    });
    const first = group.submit(1);
    const rest = [2, 3].map((n) =>
      group.submit(n).catch((e: Error) => (e instanceof CommitOutcomeUnknown ? e.message : e)),
    );
    expect(await first).toBe(1);
    expect(await Promise.all(rest)).toEqual([
      'connection lost at commit',
      'connection lost at commit',
    ]);
    expect(written).toEqual([[1], [2, 3]]);
  });

  describe('pipeline', () => {
    /** A writer whose batches each wait for the test: to say they are ordered, then to finish. */
    function steppedWriter(options: { orders: boolean }) {
      const started: number[][] = [];
      const steps = new Map<number, { order: () => void; finish: () => void }>();
      const write: BatchWriter<number, number> = async (_tx, items, ordered) => {
        started.push(items);
        const first = items[0]!;
        let order!: () => void;
        let finish!: () => void;
        const orderGate = new Promise<void>((r) => (order = r));
        const finishGate = new Promise<void>((r) => (finish = r));
        steps.set(first, { order, finish });
        await orderGate;
        if (options.orders) ordered();
        await finishGate;
        return items.map((n) => ({ ok: n * 10 }));
      };
      const step = async (first: number) => {
        while (!steps.has(first)) await new Promise((r) => setImmediate(r));
        return steps.get(first)!;
      };
      const settle = () => new Promise((r) => setImmediate(r));
      return { write, started, step, settle };
    }
    /** Runs each transaction at once: the writer's steps are what hold a batch here. */
    const direct = {
      transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => work(direct),
    } as unknown as Database;

    it('starts the next batch once the one before is ordered, and no more than the pipeline holds', async () => {
      const w = steppedWriter({ orders: true });
      const group = createGroupCommit<number, number>({ db: direct, write: w.write, pipeline: 2 });
      const a = group.submit(1);
      const b = [2, 3].map((n) => group.submit(n));
      await w.settle();
      expect(w.started).toEqual([[1]]);
      (await w.step(1)).order();
      (await w.step(2)).order();
      const c = group.submit(4);
      await w.settle();
      // Two in flight, both ordered: the third waits for room.
      expect(w.started).toEqual([[1], [2, 3]]);
      (await w.step(2)).finish();
      expect(await Promise.all(b)).toEqual([20, 30]);
      await w.settle();
      expect(w.started).toEqual([[1], [2, 3], [4]]);
      (await w.step(1)).finish();
      (await w.step(4)).order();
      (await w.step(4)).finish();
      expect(await Promise.all([a, c])).toEqual([10, 40]);
      await group.idle();
    });

    it.each([
      { when: 'the writer never says it is ordered', orders: false, pipeline: 2 },
      {
        when: 'the pipeline is the default one, ordered or not',
        orders: true,
        pipeline: undefined,
      },
    ])('holds the next batch until the one before finishes when $when', async (c) => {
      const w = steppedWriter({ orders: c.orders });
      const group = createGroupCommit<number, number>({
        db: direct,
        write: w.write,
        pipeline: c.pipeline,
      });
      const a = group.submit(1);
      const b = group.submit(2);
      (await w.step(1)).order();
      await w.settle();
      expect(w.started).toEqual([[1]]);
      (await w.step(1)).finish();
      expect(await a).toBe(10);
      (await w.step(2)).order();
      (await w.step(2)).finish();
      expect(await b).toBe(20);
      expect(w.started).toEqual([[1], [2]]);
    });

    it('never writes more batches than the pipeline holds, even when writers say ordered at once', async () => {
      const started: number[] = [];
      let releaseFirst!: () => void;
      const first = new Promise<void>((r) => (releaseFirst = r));
      const group = createGroupCommit<number, number>({
        db: direct,
        pipeline: 2,
        maxBatch: 1,
        write: async (_tx, items, ordered) => {
          started.push(items[0]!);
          if (items[0] === 0) {
            await first;
            return [{ ok: 0 }];
          }
          ordered(); // before any await: the next batch may start from inside this call
          await new Promise(() => undefined); // the later batches never finish here
          return [];
        },
      });
      void group.submit(0);
      for (const n of [1, 2, 3]) void group.submit(n);
      await turns();
      releaseFirst();
      await turns();
      // 0 finished; 1 and 2 fill the pipeline, 3 waits.
      expect(started).toEqual([0, 1, 2]);

      async function turns() {
        for (let i = 0; i < 5; i += 1) await new Promise((r) => setImmediate(r));
      }
    });
  });
});
