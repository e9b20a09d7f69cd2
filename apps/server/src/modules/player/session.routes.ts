import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenSchema,
  loginBodySchema,
  pageQuerySchema,
  playerSessionListSchema,
  refreshBodySchema,
  sessionIdParamsSchema,
  sessionResponseSchema,
  noContentSchema,
} from '@coinfall/shared';
import { actorOf, bearerCredential } from '../../platform/auth.ts';
import { ipCountryFrom } from './player.fns.ts';
import type { SessionService } from './session.service.ts';

const bearer = [{ bearerAuth: [] }];

/** Login, refresh, logout and the player's own session list (spec §7). */
export function sessionRoutes(
  sessions: SessionService,
  requireAuth: onRequestAsyncHookHandler,
  /** The trusted proxy's client-country header (GEO_IP_COUNTRY_HEADER); null reads none. */
  ipCountryHeader: string | null = null,
): FastifyPluginAsyncZod {
  const ipCountryOf = (request: FastifyRequest) =>
    ipCountryHeader ? ipCountryFrom(request.headers[ipCountryHeader]) : null;
  return async (app) => {
    const tags = ['player sessions'];

    app.post(
      '/sessions',
      {
        schema: {
          tags,
          summary: 'Log in with email and password',
          body: loginBodySchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) => sessions.login(request.body, request.ip, ipCountryOf(request)),
    );

    // Not behind the guard: a retired token must reach the service, which ends its session.
    app.post(
      '/sessions/refresh',
      {
        schema: {
          tags,
          summary:
            'A new access token for the current session; the one presented is retired (a few seconds of grace). ' +
            'Presenting an older, retired token ends the session',
          security: bearer,
          body: refreshBodySchema,
          response: { 200: accessTokenSchema },
        },
      },
      (request) =>
        sessions.refresh(bearerCredential(request), {
          ip: request.ip,
          device: request.body?.device,
          location: request.body?.location,
          ipCountry: ipCountryOf(request),
        }),
    );

    app.post(
      '/sessions/logout',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'End the current session',
          security: bearer,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await sessions.logout(actorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/sessions',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The live sessions of the current player',
          security: bearer,
          querystring: pageQuerySchema,
          response: { 200: playerSessionListSchema },
        },
      },
      (request) => sessions.list(actorOf(request), request.query),
    );

    app.put(
      '/sessions/:id/close',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'End one of the current player’s sessions; its tokens stop working at once',
          security: bearer,
          params: sessionIdParamsSchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await sessions.close(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
