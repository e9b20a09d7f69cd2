import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_ENDPOINT_CALLS_PER_MINUTE,
  changePasswordBodySchema,
  passwordConfirmBodySchema,
  passwordResetBodySchema,
  noContentSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { PasswordService } from './passwords.service.ts';

/** Code-taking and mail-sending endpoints: a tight budget per client IP against brute force. */
const codeRateLimit = { rateLimit: { max: CODE_ENDPOINT_CALLS_PER_MINUTE, timeWindow: 60_000 } };

/** Password change and reset (spec §7 "Player"). */
export function passwordRoutes(
  passwords: PasswordService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];

    app.put(
      '/passwords',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Change the password; every other session of the player ends',
          security: [{ bearerAuth: [] }],
          body: changePasswordBodySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await passwords.change(actorOf(request), request.body);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/passwords/reset',
      {
        config: codeRateLimit,
        schema: {
          tags,
          summary:
            'Mail a one-hour reset code when the email is known; always 204, so accounts cannot be probed',
          body: passwordResetBodySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await passwords.requestReset(request.body);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/passwords/confirm',
      {
        config: codeRateLimit,
        schema: {
          tags,
          summary: 'Set a new password with a mailed reset code; every session of the player ends',
          body: passwordConfirmBodySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await passwords.confirmReset(request.body);
        return reply.code(204).send(null);
      },
    );
  };
}
