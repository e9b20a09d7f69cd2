import type { onErrorAsyncHookHandler } from 'fastify';
import { AppError } from './errors.ts';

/**
 * onError hook of the API: an AppError that says how long to wait (details.retryAfterSeconds, the
 * throttles' 429s) is answered with Retry-After, wherever it was thrown.
 */
export const retryAfterHeader: onErrorAsyncHookHandler = async (_request, reply, error) => {
  const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
  if (typeof seconds === 'number') void reply.header('retry-after', String(seconds));
};
