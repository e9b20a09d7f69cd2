import type { preValidationAsyncHookHandler } from 'fastify';

/**
 * Spec §7 sends arrays in bracket format (`gameId[]=1&gameId[]=2`); the query parser keeps the
 * brackets in the key. This preValidation hook reads `name[]` as `name` for the given names.
 */
export function unbracketQuery(names: readonly string[]): preValidationAsyncHookHandler {
  return async (request) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const bracketed = query[`${name}[]`];
      if (bracketed === undefined) continue;
      query[name] = [query[name] ?? [], bracketed].flat();
      delete query[`${name}[]`];
    }
  };
}
