import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
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
