import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './errors.ts';
import { controlCharacterPath } from '@coinfall/shared/validation/control-characters';

/**
 * The route schemas' validator with the shared contracts' one rule in front: no string a client
 * sends — in the body, query, path or headers — holds a control character. Refused as a 400 that
 * names the field, like any other validation failure (error-handler.ts reads `instancePath`).
 */
export const validateInput: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = controlCharacterPath(data);
    if (!path) return validate(data);
    return {
      error: [
        {
          instancePath: path.map((key) => `/${key}`).join(''),
          schemaPath: '#/controlCharacters',
          keyword: 'controlCharacters',
          params: {},
          message: 'Must not contain control characters',
        },
      ],
    };
  };
};

/**
 * Input read outside a route's schema (an RPC's data, a game engine's parameters), checked as a
 * route checks its body: control characters first, then the schema; a 400 naming each failing
 * field under `prefix`.
 */
export function parseInput<T>(schema: ZodType<T>, value: unknown, prefix: string): T {
  const control = controlCharacterPath(value);
  const parsed = control ? null : schema.safeParse(value);
  if (parsed?.success) return parsed.data;
  const fields = control
    ? [{ field: [prefix, ...control].join('.'), message: 'Must not contain control characters' }]
    : parsed!.error.issues.map((issue) => ({
        field: [prefix, ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
  throw new AppError('VALIDATION_FAILED', `Invalid ${fields.map((f) => f.field).join(', ')}`, {
    fields,
  });
}
