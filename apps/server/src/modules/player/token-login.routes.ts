import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponseSchema, tokenLoginBodySchema } from '@coinfall/shared';
import type { TokenLoginService } from './token-login.service.ts';

/** Auto-login by a mailed one-time token (spec §7 "Session and registration"). */
export function tokenLoginRoutes(tokenLogin: TokenLoginService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sessions/token',
      {
        // Per client IP on top of the API-wide budget: guessing tokens must stay slow.
        config: { rateLimit: { max: 20, timeWindow: 60_000 } },
        schema: {
          tags: ['player sessions'],
          summary: 'Log in with the one-time token of a mailed link',
          body: tokenLoginBodySchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) => tokenLogin.login(request.body, request.ip),
    );
  };
}
