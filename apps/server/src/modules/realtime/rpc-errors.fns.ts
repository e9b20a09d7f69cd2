import { randomUUID } from 'node:crypto';
import { RPC_APP_ERROR_MIN_CODE, type ErrorBody } from '@coinfall/shared';
import type { AppError } from '../../platform/errors.ts';
import type { ProtocolError } from './protocol.fns.ts';

/**
 * An application's refusal of an RPC (decision 071): the HTTP status as the code, the API's error
 * body as the message, so the client handles it as it would the same call's HTTP answer.
 */
export function rpcRefusal(error: AppError): ProtocolError {
  const body: ErrorBody = {
    code: error.code,
    message: error.message,
    requestId: `rpc-${randomUUID()}`,
    ...(error.details ? { details: error.details } : {}),
  };
  return { code: Math.max(error.status, RPC_APP_ERROR_MIN_CODE), message: JSON.stringify(body) };
}
