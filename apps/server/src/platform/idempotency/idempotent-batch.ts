import { toErrorBody } from '../error-handler.ts';
import { CommitOutcomeUnknown, createGroupCommit, type ItemOutcome } from '../group-commit.ts';
import type { Database } from '../../db/client.ts';
import type { IdempotentAnswer, IdempotentCall, IdempotentTransactionCall } from './idempotency.ts';
import { claimKeyOf, type IdempotencyRepo } from './idempotency.repo.ts';

/** A request settled in a batch: what identifies it to the store, and what its writer needs. */
export interface BatchedCall<I> extends Omit<IdempotentCall<unknown>, 'handle'> {
  input: I;
}

/** A request the batch leaves to the one-request path, in a transaction of its own. */
export const ALONE = 'alone';

/**
 * A domain's writer of the requests a batch claimed, in the batch's transaction: per request its
 * answer (`ok`, sent as 200), its refusal (`error`: an AppError of 4xx, stored as its answer,
 * its own effects already undone by the writer), or `ALONE`: nothing written for it, it goes
 * through the one-request path after the commit. Throwing, or refusing with a 5xx, rolls the
 * whole batch back (each request is then written again alone, group-commit.ts, and if it fails
 * alone too, through the one-request path).
 */
export type IdempotentBatchWriter<I> = (
  tx: Database,
  inputs: I[],
  onCommit: (effect: () => void) => void,
  /** See `BatchWriter`: the batch holds what orders it; the next may start beside it. */
  ordered: () => void,
) => Promise<(ItemOutcome<unknown> | typeof ALONE)[]>;

type Settled =
  | { answer: IdempotentAnswer; effects: { run: (() => void)[] } }
  | { taken: true }
  | { alone: true };

/**
 * `runInTransaction`'s promise for requests written together by group commit (decision 072): in
 * the batch's one transaction, the keys are claimed in one statement, the writer runs over the
 * requests that claimed theirs, and their answers are stored in one more, so each answer commits
 * or rolls back with its effect. A key taken before (a retry) or twice in the batch is answered
 * after the commit by its first answer, as `runInTransaction` answers a key found taken.
 */
export function createIdempotentBatch<I>(deps: {
  idempotency: {
    runInTransaction(call: IdempotentTransactionCall<unknown>): Promise<IdempotentAnswer>;
    hashOf(call: { operation: string; body: unknown }): string;
    replay(
      call: Pick<IdempotentCall<unknown>, 'playerId' | 'key'>,
      hash: string,
    ): Promise<IdempotentAnswer>;
  };
  repo: Pick<IdempotencyRepo, 'db' | 'claimMany' | 'answerMany' | 'releaseMany'>;
  write: IdempotentBatchWriter<I>;
  /** The one-request path (as `runInTransaction`'s handle), for what the writer leaves `ALONE`. */
  one: (tx: Database, input: I, onCommit: (effect: () => void) => void) => Promise<unknown>;
  maxBatch?: number;
  /** Batches written at once (group-commit.ts); more than 1 on PostgreSQL only. */
  pipeline?: number;
}) {
  const { repo } = deps;
  type Item = { call: BatchedCall<I>; hash: string };

  const group = createGroupCommit<Item, Settled>({
    db: repo.db,
    maxBatch: deps.maxBatch,
    pipeline: deps.pipeline,
    async write(tx, items, ordered) {
      const claimed = await repo.claimMany(
        tx,
        items.map(({ call, hash }) => ({
          playerId: call.playerId,
          key: call.key,
          operation: call.operation,
          requestHash: hash,
        })),
      );
      const first = new Set<string>();
      const todo = items.flatMap((item, i) => {
        const name = claimKeyOf(item.call.playerId, item.call.key);
        if (!claimed.has(name) || first.has(name)) return [];
        first.add(name);
        return [i];
      });
      const effects = { run: [] as (() => void)[] };
      const outcomes = await deps.write(
        tx,
        todo.map((i) => items[i]!.call.input),
        (effect) => effects.run.push(effect),
        ordered,
      );
      if (outcomes.length !== todo.length) {
        throw new Error(`the batch writer answered ${outcomes.length} of ${todo.length}`);
      }
      const answers = new Map<number, IdempotentAnswer>();
      const alone = new Set<number>();
      todo.forEach((i, j) => {
        const outcome = outcomes[j]!;
        if (outcome === ALONE) {
          alone.add(i);
          return;
        }
        if ('ok' in outcome) {
          answers.set(i, { statusCode: 200, body: JSON.stringify(outcome.ok), replayed: false });
          return;
        }
        const refusal = toErrorBody(outcome.error, items[i]!.call.requestId);
        if (refusal.status >= 500) throw outcome.error;
        answers.set(i, {
          statusCode: refusal.status,
          body: JSON.stringify(refusal.body),
          replayed: false,
        });
      });
      await repo.answerMany(
        tx,
        [...answers].map(([i, answer]) => ({
          playerId: items[i]!.call.playerId,
          key: items[i]!.call.key,
          statusCode: answer.statusCode,
          responseBody: answer.body,
        })),
      );
      await repo.releaseMany(
        tx,
        [...alone].map((i) => ({ playerId: items[i]!.call.playerId, key: items[i]!.call.key })),
      );
      // A duplicate of a key left alone goes alone too: its first answer is not stored yet, and
      // the one-request path's store waits for it (`runInTransaction` finds the key taken).
      const aloneKeys = new Set(
        [...alone].map((i) => claimKeyOf(items[i]!.call.playerId, items[i]!.call.key)),
      );
      return items.map((item, i): ItemOutcome<Settled> => {
        const answer = answers.get(i);
        if (answer) return { ok: { answer, effects } };
        const name = claimKeyOf(item.call.playerId, item.call.key);
        return { ok: alone.has(i) || aloneKeys.has(name) ? { alone: true } : { taken: true } };
      });
    },
  });

  return {
    /** Resolves with the request's answer once its batch committed (or its first answer). */
    async submit(call: BatchedCall<I>): Promise<IdempotentAnswer> {
      const hash = deps.idempotency.hashOf(call);
      const alone = () =>
        deps.idempotency.runInTransaction({
          ...call,
          handle: (tx, onCommit) => deps.one(tx, call.input, onCommit),
        });
      let settled: Settled;
      try {
        settled = await group.submit({ call, hash });
      } catch (error) {
        // Written alone by the batch's writer and failed again (rolled back): the one-request
        // path answers it, with its own refusals. A commit whose outcome is unknown is not
        // written again.
        if (error instanceof CommitOutcomeUnknown) throw error;
        return alone();
      }
      if ('taken' in settled) return deps.idempotency.replay(call, hash);
      if ('alone' in settled) return alone();
      // The batch's effects run once, by the first of its requests to get here.
      const run = settled.effects.run.splice(0);
      for (const effect of run) effect();
      return settled.answer;
    },
    idle: () => group.idle(),
  };
}
export type IdempotentBatch<I> = ReturnType<typeof createIdempotentBatch<I>>;
