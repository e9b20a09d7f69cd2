import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appsFlyerEventAcceptedSchema,
  appsFlyerEventRequestSchema,
  appsFlyerSandboxEventsSchema,
} from '@coinfall/shared';
import { bearerCredential, type PlayerAuthenticator } from '../../platform/auth.ts';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { AppsFlyerSandboxRepo } from './appsflyer.repo.ts';
import type { AppsFlyerService } from './appsflyer.service.ts';

/**
 * Per client address per minute: an app sends a handful of conversions per session; the global
 * limit would let one address queue thousands of outgoing posts a minute.
 */
const EVENTS_PER_MINUTE = 30;

/**
 * POST /api/appsflyer-events (spec §7): open to guests like the analytics ingest, since the app's
 * webview reports what the page saw. A valid bearer token makes the event the session's player's;
 * a missing, expired or forged one makes it a guest's (decision 048) rather than a 401 the bridge
 * could only drop.
 */
export function appsFlyerRoutes(
  service: AppsFlyerService,
  authenticate: PlayerAuthenticator,
): FastifyPluginAsyncZod {
  const playerOf = async (request: FastifyRequest): Promise<string | null> => {
    const token = bearerCredential(request);
    if (!token) return null;
    return authenticate(token).then(
      (actor) => actor.playerId,
      () => null,
    );
  };
  return async (app) => {
    app.post(
      '/appsflyer-events',
      {
        config: { rateLimit: { max: EVENTS_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['analytics'],
          summary:
            'An app conversion for AppsFlyer (mobile app webview); forwarded server-to-server shortly after',
          body: appsFlyerEventRequestSchema,
          response: { 202: appsFlyerEventAcceptedSchema },
        },
      },
      async (request, reply) => {
        await service.accept(request.body, await playerOf(request));
        return reply.code(202).send({ accepted: true });
      },
    );
  };
}

/** GET /api/dev/appsflyer/events: what the sandbox AppsFlyer was sent (operator, decision 019). */
export function appsFlyerSandboxRoutes(
  repo: Pick<AppsFlyerSandboxRepo, 'latest'>,
  requireOperator: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/appsflyer/events',
      {
        onRequest: requireOperator,
        schema: {
          tags: ['analytics'],
          security: OPERATOR_SECURITY,
          summary: 'The sandbox AppsFlyer’s last 100 S2S events, newest first',
          response: { 200: appsFlyerSandboxEventsSchema },
        },
      },
      async () => ({
        data: (await repo.latest(100)).map((e) => ({
          appId: e.appId,
          body: e.body,
          receivedAt: e.receivedAt.toISOString(),
        })),
      }),
    );
  };
}
