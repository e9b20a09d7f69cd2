import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { canonicalJson } from '../../modules/ledger/ledger.fns.ts';
import { AppError } from '../errors.ts';
import { toErrorBody } from '../error-handler.ts';
import type { IdempotencyRepo } from './idempotency.repo.ts';

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

/**
 * Runs a money-moving request once per (player, Idempotency-Key). The first call claims the key
 * (a committed row, so a concurrent duplicate sees it at once and waits for its answer — up to
 * WAIT_MS, then 409 — instead of running twice), runs, and stores its answer — a success or a 4xx — which every retry gets back byte for
 * byte. A 5xx frees the key: the failure may not repeat, so a retry may run again.
 */
export function createIdempotency(deps: { repo: IdempotencyRepo }) {
  const { repo } = deps;

  async function replay(call: IdempotentCall<unknown>, hash: string): Promise<IdempotentAnswer> {
    let first = await repo.find(call.playerId, call.key);
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

  return {
    async run<T>(call: IdempotentCall<T>): Promise<IdempotentAnswer> {
      const hash = createHash('sha256')
        .update(canonicalJson({ operation: call.operation, body: call.body ?? null }))
        .digest('hex');
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
