import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER } from '@coinfall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, type Actor } from '../auth.ts';
import { canonicalJson } from '../canonical-json.ts';
import { AppError } from '../errors.ts';
import { toErrorBody } from '../error-handler.ts';
import type { Database } from '../../db/client.ts';
import type { IdempotencyRepo, IdempotentRequestRow } from './idempotency.repo.ts';
import { createIdempotentBatch } from './idempotent-batch.ts';

/** How long a concurrent duplicate waits for the first request's answer before a 409. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

/** The answer to a money-moving request, exactly as it was first sent. */
export interface IdempotentAnswer {
  statusCode: number;
  body: string;
  replayed: boolean;
}

export interface IdempotentCall<T> {
  playerId: string;
  /** The Idempotency-Key header. */
  key: string;
  /** Names the route, so one key cannot be replayed against another operation. */
  operation: string;
  body: unknown;
  requestId: string;
  handle: () => Promise<T>;
}

/** A request whose whole effect is one database transaction: see `runInTransaction`. */
export interface IdempotentTransactionCall<T> extends Omit<IdempotentCall<T>, 'handle'> {
  /** Runs in the transaction that also stores the answer; `onCommit` runs after the commit. */
  handle: (tx: Database, onCommit: (effect: () => void) => void) => Promise<T>;
}

/** The key was stored by a concurrent duplicate while this request ran: its answer wins. */
class TakenMeanwhile extends Error {}

/**
 * Runs a money-moving request once per (player, Idempotency-Key). The first call claims the key
 * (a committed row, so a concurrent duplicate sees it at once and waits for its answer — up to
 * WAIT_MS, then 409 — instead of running twice), runs, and stores its answer — a success or a 4xx — which every retry gets back byte for
 * byte. A 5xx frees the key: the failure may not repeat, so a retry may run again.
 */
export function createIdempotency(deps: { repo: IdempotencyRepo }) {
  const { repo } = deps;

  const hashOf = (call: { operation: string; body: unknown }) =>
    createHash('sha256')
      .update(canonicalJson({ operation: call.operation, body: call.body ?? null }))
      .digest('hex');

  async function replay(
    call: Pick<IdempotentCall<unknown>, 'playerId' | 'key'>,
    hash: string,
    found?: IdempotentRequestRow,
  ): Promise<IdempotentAnswer> {
    let first = found ?? (await repo.find(call.playerId, call.key));
    // A concurrent duplicate waits for the first request's answer rather than failing at once.
    for (
      let waited = 0;
      first && first.requestHash === hash && first.statusCode === null && waited < WAIT_MS;
      waited += POLL_MS
    ) {
      await setTimeout(POLL_MS);
      first = await repo.find(call.playerId, call.key);
    }
    if (!first)
      throw new AppError('CONFLICT', 'The request with this Idempotency-Key failed; retry');
    if (first.requestHash !== hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was used for a different request', {
        fields: [{ field: 'headers.idempotency-key', message: 'Already used for another request' }],
      });
    }
    if (first.statusCode === null || first.responseBody === null) {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress');
    }
    return { statusCode: first.statusCode, body: first.responseBody, replayed: true };
  }

  const self = {
    /** The fingerprint of what a call asks (its operation and body), stored with its key. */
    hashOf,

    /** The first answer of a key taken before (waiting for it while it is in flight). */
    replay: (call: Pick<IdempotentCall<unknown>, 'playerId' | 'key'>, hash: string) =>
      replay(call, hash),

    async run<T>(call: IdempotentCall<T>): Promise<IdempotentAnswer> {
      const hash = hashOf(call);
      const claimed = await repo.claim({
        playerId: call.playerId,
        key: call.key,
        operation: call.operation,
        requestHash: hash,
      });
      if (!claimed) return replay(call, hash);

      let answer: { statusCode: number; body: string };
      try {
        answer = { statusCode: 200, body: JSON.stringify(await call.handle()) };
      } catch (err) {
        const { status, body } = toErrorBody(err, call.requestId);
        if (status >= 500) {
          await repo.release(call.playerId, call.key);
          throw err;
        }
        answer = { statusCode: status, body: JSON.stringify(body) };
      }
      await repo.complete(call.playerId, call.key, answer.statusCode, answer.body);
      return { ...answer, replayed: false };
    },

    /**
     * The same promise as `run` for a request whose whole effect is one transaction, without a
     * transaction of its own for the key (decision 015): the transaction runs `handle` and
     * stores the key with its answer as its last statement, so the answer commits or rolls back
     * with the effect. The key is not read first — retries are rare, a read costs every request
     * a statement — so a retry runs again until that insert finds the key taken (waiting on its
     * unique index while a concurrent first is in flight), then rolls back whatever it did and
     * answers the first answer. A 4xx rolls the effect back and is stored on its own (the first
     * answer, as with `run`); a 5xx stores nothing, so a retry runs again.
     */
    async runInTransaction<T>(call: IdempotentTransactionCall<T>): Promise<IdempotentAnswer> {
      const hash = hashOf(call);
      const values = {
        playerId: call.playerId,
        key: call.key,
        operation: call.operation,
        requestHash: hash,
      };
      const effects: (() => void)[] = [];
      let body: string;
      try {
        body = await repo.db.transaction(async (tx) => {
          const answer = JSON.stringify(await call.handle(tx, (effect) => effects.push(effect)));
          const stored = await repo.store(tx, { ...values, statusCode: 200, responseBody: answer });
          if (!stored) throw new TakenMeanwhile();
          return answer;
        });
      } catch (err) {
        if (err instanceof TakenMeanwhile) return replay(call, hash);
        const refusal = toErrorBody(err, call.requestId);
        if (refusal.status >= 500) {
          // A retry of a request answered before gets that answer, whatever this run hit.
          const first = await repo.find(call.playerId, call.key);
          if (first) return replay(call, hash, first);
          throw err;
        }
        const responseBody = JSON.stringify(refusal.body);
        const stored = await repo.store(repo.db, {
          ...values,
          statusCode: refusal.status,
          responseBody,
        });
        if (!stored) return replay(call, hash);
        return { statusCode: refusal.status, body: responseBody, replayed: false };
      }
      for (const effect of effects) effect();
      return { statusCode: 200, body, replayed: false };
    },
  };

  return {
    ...self,

    /**
     * `runInTransaction`'s promise for requests written together (group commit, decision 072):
     * see idempotent-batch.ts.
     */
    batch: <I>(
      options: Omit<Parameters<typeof createIdempotentBatch<I>>[0], 'idempotency' | 'repo'>,
    ) => createIdempotentBatch<I>({ idempotency: self, repo, ...options }),
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;

/** Sends a stored answer as it is: already serialised JSON, never serialised again. */
export function sendIdempotent(reply: FastifyReply, answer: IdempotentAnswer): FastifyReply {
  return reply
    .code(answer.statusCode)
    .header('idempotent-replayed', answer.replayed ? 'true' : 'false')
    .type('application/json; charset=utf-8')
    .send(answer.body);
}

/**
 * The whole handler body of a money-moving route: runs `handle` once per (player,
 * Idempotency-Key header, operation) and sends the first answer to every retry. The route's
 * schema must declare `idempotencyHeadersSchema` (the header is then present and well formed).
 */
export async function respondIdempotent(
  idempotency: Idempotency,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  handle: (actor: Actor) => Promise<unknown>,
): Promise<FastifyReply> {
  const actor = actorOf(request);
  const answer = await idempotency.run({
    ...callOf(request, actor.playerId, operation),
    handle: () => handle(actor),
  });
  return sendIdempotent(reply, answer);
}

/**
 * `respondIdempotent` for a request whose whole effect is one transaction that also stores the
 * answer (`runInTransaction`), on behalf of `playerId` (the game server's routes know the player
 * from a game-session token, not an actor).
 */
export async function respondIdempotentInTransaction(
  idempotency: Idempotency,
  request: FastifyRequest,
  reply: FastifyReply,
  playerId: string,
  operation: string,
  handle: IdempotentTransactionCall<unknown>['handle'],
): Promise<FastifyReply> {
  const answer = await idempotency.runInTransaction({
    ...callOf(request, playerId, operation),
    handle,
  });
  return sendIdempotent(reply, answer);
}

/** What identifies a request to the idempotency store; the schema declared the header. */
export function callOf(request: FastifyRequest, playerId: string, operation: string) {
  return {
    playerId,
    key: request.headers[IDEMPOTENCY_KEY_HEADER] as string,
    operation,
    body: request.body,
    requestId: request.id,
  };
}
