import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAccountSchema, staffCreateBodySchema } from '@coinfall/shared';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { StaffAccountsService } from './staff-accounts.service.ts';

/**
 * Sandbox only: the operator creates a staff account, like `npm run staff:create` does on the
 * command line (the browser tests need one per run). Registered only when config.sandbox is on,
 * behind the operator guard (docs/decisions/019); the account still enrols TOTP at its first
 * sign-in, so the token alone never opens a staff session.
 */
export function staffDevRoutes(deps: {
  accounts: Pick<StaffAccountsService, 'create'>;
  requireOperator: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/staff',
      {
        onRequest: deps.requireOperator,
        schema: {
          tags: ['dev'],
          security: OPERATOR_SECURITY,
          summary: 'Sandbox only: create a staff account (it enrols TOTP at its first sign-in)',
          description: '409 EMAIL_TAKEN when a staff account has this email.',
          body: staffCreateBodySchema,
          response: { 201: staffAccountSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.accounts.create(null, request.body)),
    );
  };
}
