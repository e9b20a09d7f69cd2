/** The operations of our OpenAPI document, in the shape the fuzzer needs. */

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path template, e.g. `/api/game/games/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null;
  /**
   * Needs `Authorization: Bearer` (player, operator or staff session) or `GameSession` (game
   * client).
   */
  security: 'bearer' | 'gameSession' | 'operator' | 'staff' | 'none';
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, but the site's catch-all page route. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.includes('{*}')) continue;
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = raw as OpenApiOperation;
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map((p) => ({
            in: p.in as Parameter['in'],
            name: p.name,
            required: p.required ?? p.in === 'path',
            schema: p.schema ?? { type: 'string' },
          })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        security: schemes.includes('gameSession')
          ? 'gameSession'
          : schemes.includes('operatorToken')
            ? 'operator'
            : schemes.includes('staffSession')
              ? 'staff'
              : schemes.includes('bearerAuth')
                ? 'bearer'
                : 'none',
      });
    }
  }
  return operations;
}
