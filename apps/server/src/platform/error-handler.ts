import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, FieldIssue } from '@coinfall/shared';
import { AppError } from './errors.ts';

/** Redis reconnects every second at most: a retry after this finds it back if it is. */
const SERVICE_UNAVAILABLE_RETRY_AFTER_S = 5;

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query' };

/** Maps fastify's own 4xx errors (bad JSON, wrong content type, too large…) onto our codes. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

function validationFields(error: FastifyError): FieldIssue[] {
  const context = error.validationContext ?? 'body';
  const prefix = CONTEXT_NAMES[context] ?? context;
  // One issue per field, the first: a value can fail several checks of one schema (a date that is
  // neither ISO nor in range), and the client shows one message per field.
  const byField = new Map<string, FieldIssue>();
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path ? `${prefix}.${path}` : prefix;
    if (!byField.has(field)) byField.set(field, { field, message: v.message ?? 'Invalid value' });
  }
  return [...byField.values()];
}

export function toErrorBody(
  error: unknown,
  requestId: string,
): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { code: error.code, message: error.message, requestId, details: error.details },
    };
  }
  const fe = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe) || fe.validation) {
    const fields = validationFields(fe);
    return {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: `Invalid ${fields.map((f) => f.field).join(', ')}`,
        requestId,
        details: { fields },
      },
    };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 400) {
    // Fastify's own 400s are about the body (bad or empty JSON, a poisoned prototype key) or,
    // from the router, the URL: say which, as every other 400 names its field.
    const field = fe.code === 'FST_ERR_BAD_URL' ? 'url' : 'body';
    return {
      status,
      body: {
        code: 'BAD_REQUEST',
        message: fe.message,
        requestId,
        details: { fields: [{ field, message: fe.message }] },
      },
    };
  }
  if (status > 400 && status < 500) {
    return { status, body: { code: codeForStatus(status), message: fe.message, requestId } };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL', message: 'Something went wrong on our side', requestId },
  };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a malformed URL, a
 * path parameter past its length limit) answers in the same shape as everything else.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = toErrorBody(error, request.id);
  void reply.status(status).send(body);
}

/** One handler for every error: the client sees `{ code, message, requestId, details? }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorBody(error, request.id);
    if (body.code === 'SERVICE_UNAVAILABLE') {
      // Something the route needs is down for a moment (decision 021): come back shortly.
      request.log.warn({ err: error }, 'request refused: a dependency is unavailable');
      void reply.header('retry-after', String(SERVICE_UNAVAILABLE_RETRY_AFTER_S));
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code }, body.message);
    return reply.status(status).send(body);
  });
}
