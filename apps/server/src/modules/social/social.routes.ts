import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sessionResponseSchema,
  socialAuthorizeBodySchema,
  socialAuthorizeResponseSchema,
  socialConnectionListSchema,
  socialConnectionParamsSchema,
  socialLoginBodySchema,
  socialLoginQuerySchema,
  socialRegisterBodySchema,
} from '@coinfall/shared';
import { ATTEMPT_TTL_MS, STATE_COOKIE, cookieWithState, statesOfCookie } from './social.fns.ts';
import type { SocialService } from './social.service.ts';

/** Per client IP on top of the API-wide budget: these calls need no login. */
export const UNAUTHENTICATED_LIMIT = { max: 20, timeWindow: 60_000 };

/** Social login: connections, authorization, the callback's login and sign-up (spec §7). */
export function socialRoutes(
  social: SocialService,
  options: { secureCookies: boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player social login'];
    const stateCookie = {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/api/player',
      maxAge: ATTEMPT_TTL_MS / 1000,
    } as const;

    app.get(
      '/social/connections',
      {
        schema: {
          tags,
          summary: 'The social sign-ins offered here',
          response: { 200: socialConnectionListSchema },
        },
      },
      () => social.connections(),
    );

    app.post(
      '/social/:connection/authorize',
      {
        config: { rateLimit: UNAUTHENTICATED_LIMIT },
        schema: {
          tags,
          summary: 'Start a social sign-in: where to send the browser',
          params: socialConnectionParamsSchema,
          body: socialAuthorizeBodySchema.nullish(),
          response: { 200: socialAuthorizeResponseSchema },
        },
      },
      async (request, reply) => {
        const started = await social.authorize(request.params.connection);
        const bound = cookieWithState(request.cookies[STATE_COOKIE], started.state);
        void reply.setCookie(STATE_COOKIE, bound, stateCookie);
        return started;
      },
    );

    app.post(
      '/sessions/social',
      {
        config: { rateLimit: UNAUTHENTICATED_LIMIT },
        schema: {
          tags,
          summary: 'Log in with the code the provider sent back (409 when no account has it yet)',
          querystring: socialLoginQuerySchema,
          body: socialLoginBodySchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) =>
        social.login(
          request.query.code,
          request.body,
          request.ip,
          statesOfCookie(request.cookies[STATE_COOKIE]),
        ),
    );

    app.post(
      '/register/social',
      {
        config: { rateLimit: UNAUTHENTICATED_LIMIT },
        schema: {
          tags,
          summary: 'Create the account of a new social sign-in and log in',
          body: socialRegisterBodySchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) => social.register(request.body, request.ip),
    );
  };
}
