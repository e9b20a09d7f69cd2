import { RPC_APP_ERROR_MIN_CODE } from '@coinfall/shared/contracts/realtime';
import { ApiError } from '../../lib/api/api-error.ts';

/**
 * The application's refusal carried by a failed RPC (decision 071), as the same call over HTTP
 * would have thrown it; undefined when the socket could not make the call (a protocol error below
 * 400, a timeout, a closed connection, anything else), which HTTP may then try.
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

/**
 * A call tried on the socket first (decision 071): the RPC's answer when `accept` takes it, the
 * application's refusal thrown as HTTP would throw it, and otherwise — no open connection (`rpc`
 * undefined), a failure of the socket, an answer `accept` rejects — the HTTP call's outcome.
 * Safe only for calls the API makes idempotent, since the socket's write may have been stored.
 */
export async function rpcElseHttp<T>(
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
    return http();
  }
  const accepted = accept(answer);
  return accepted === undefined ? http() : accepted;
}
