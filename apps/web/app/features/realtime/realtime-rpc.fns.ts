import { RPC_APP_ERROR_MIN_CODE, RPC_TURNED_AWAY } from '@coinfall/shared/contracts/realtime';
import { ApiError } from '../../lib/api/api-error.ts';

/**
 * The application's refusal carried by a failed RPC (decision 071), as the same call over HTTP
 * would have thrown it; undefined when the socket could not make the call (a protocol error below
 * 400, a timeout, a closed connection, anything else), which HTTP may then try if it is safe.
 */
export function rpcRefusalOf(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code) || code < RPC_APP_ERROR_MIN_CODE)
    return undefined;
  return new ApiError(code, errorBodyOf(message));
}

/** The API's error body the gateway passes as text; a text that is not one leaves the status. */
function errorBodyOf(message: unknown): unknown {
  if (typeof message !== 'string') return null;
  try {
    return JSON.parse(message);
  } catch {
    return null;
  }
}

/** Protocol errors by which the gateway turns a call away before its handler runs. */
const RPC_UNSENT_CODES: ReadonlySet<number> = new Set(Object.values(RPC_TURNED_AWAY));

/** True when the failed RPC certainly never reached its handler, so HTTP may make the call. */
export function rpcNeverRan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'number' && RPC_UNSENT_CODES.has(code);
}

/**
 * A write on the socket whose outcome is unknown (a timeout, a closed connection, an internal
 * error, an answer that could not be read): it may have been stored, so it is not sent again.
 */
export class RpcOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('The socket call may or may not have been carried out', { cause });
    this.name = 'RpcOutcomeUnknown';
  }
}

/** When HTTP may make a call the socket did not: after any failure, or only if never sent. */
type HttpFallback = 'after-any-failure' | 'only-if-unsent';

async function rpcThenHttp<T>(
  fallback: HttpFallback,
  rpc: Promise<unknown> | undefined,
  accept: (answer: unknown) => T | undefined,
  http: () => Promise<T>,
): Promise<T> {
  if (!rpc) return http();
  let answer: unknown;
  try {
    answer = await rpc;
  } catch (error) {
    const refusal = rpcRefusalOf(error);
    if (refusal) throw refusal;
    if (fallback === 'after-any-failure' || rpcNeverRan(error)) return http();
    throw new RpcOutcomeUnknown(error);
  }
  const accepted = accept(answer);
  if (accepted !== undefined) return accepted;
  // The handler ran and answered: whatever it wrote is stored.
  if (fallback === 'after-any-failure') return http();
  throw new RpcOutcomeUnknown(answer);
}

/**
 * A call tried on the socket first (decision 071): the RPC's answer when `accept` takes it, the
 * application's refusal thrown as HTTP would throw it, and otherwise — no open connection (`rpc`
 * undefined), a failure of the socket, an answer `accept` rejects — the HTTP call's outcome.
 * Safe only for calls the API makes idempotent, since the socket's write may have been stored.
 */
export function rpcElseHttp<T>(
  rpc: Promise<unknown> | undefined,
  accept: (answer: unknown) => T | undefined,
  http: () => Promise<T>,
): Promise<T> {
  return rpcThenHttp('after-any-failure', rpc, accept, http);
}

/**
 * The same for a write the API cannot recognise when sent twice (an agent's answer has no client
 * id): HTTP only without an open connection or after an error that says the handler never ran
 * (`rpcNeverRan`); the application's refusal thrown as HTTP would throw it; any other failure, or
 * an answer `accept` rejects, throws `RpcOutcomeUnknown` rather than risk storing it twice.
 */
export function rpcElseHttpOnlyIfUnsent<T>(
  rpc: Promise<unknown> | undefined,
  accept: (answer: unknown) => T | undefined,
  http: () => Promise<T>,
): Promise<T> {
  return rpcThenHttp('only-if-unsent', rpc, accept, http);
}
