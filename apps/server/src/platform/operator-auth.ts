import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { bearerCredential } from './auth.ts';
import { AppError } from './errors.ts';

/** Who operates the platform on this request (never a player). */
export interface Operator {
  /** `sandbox` for the sandbox operator token; a staff account id once the back office exists. */
  operatorId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator guard (platform/operator-auth.ts) on operator routes. */
    operator: Operator | null;
  }
}

/**
 * How operator routes (/api/dev) know their caller. The sandbox implements it with one shared
 * token; the back office's staff accounts will implement the same interface with their own
 * sessions, and every route wired with it follows (docs/decisions/019).
 */
export interface OperatorAuth {
  /** The operator a presented credential belongs to; null for anything else, player tokens included. */
  operatorOf: (credential: string | null | undefined) => Promise<Operator | null>;
  /** onRequest hook of every operator route: sets `request.operator`, or answers 401. */
  requireOperator: onRequestAsyncHookHandler;
}

/** The OpenAPI security requirement of operator routes (scheme declared in http-server.ts). */
export const OPERATOR_SECURITY = [{ operatorToken: [] }];

// Digests first: equal lengths for timingSafeEqual, and no early exit on the token's length.
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The sandbox's operator: whoever presents SANDBOX_OPERATOR_TOKEN, compared in constant time.
 * With no token (sandboxes off) nobody is an operator.
 */
export function createSandboxOperatorAuth(token: string | null): OperatorAuth {
  const expected = token === null ? null : digest(token);
  const operatorOf = async (credential: string | null | undefined): Promise<Operator | null> => {
    if (!expected || !credential) return null;
    return timingSafeEqual(digest(credential), expected) ? { operatorId: 'sandbox' } : null;
  };
  return {
    operatorOf,
    async requireOperator(request) {
      const operator = await operatorOf(bearerCredential(request));
      if (!operator) {
        throw new AppError(
          'OPERATOR_UNAUTHENTICATED',
          'An operator credential is required: Authorization: Bearer <operator token>',
        );
      }
      request.operator = operator;
    },
  };
}
