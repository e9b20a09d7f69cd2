import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amplitudeSandboxFailuresRequestSchema,
  amplitudeSandboxPostsSchema,
} from '@coinfall/shared';
import { OPERATOR_SECURITY } from '../../platform/operator-auth.ts';
import type { AmplitudeSandboxProvider } from './forward.provider.ts';
import type { AmplitudeSandboxRepo } from './forward.repo.ts';

/**
 * The sandbox Amplitude's tools under /api/dev/analytics (operator, decision 019): what the
 * forwarder posted, and failures to answer its next posts with.
 */
export function forwardSandboxRoutes(
  repo: Pick<AmplitudeSandboxRepo, 'latest'>,
  provider: Pick<AmplitudeSandboxProvider, 'failNext'>,
  requireOperator: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/forwarded',
      {
        onRequest: requireOperator,
        schema: {
          tags: ['analytics'],
          security: OPERATOR_SECURITY,
          summary: 'The sandbox Amplitude’s last 100 forwarded batches, newest first',
          response: { 200: amplitudeSandboxPostsSchema },
        },
      },
      async () => ({
        data: (await repo.latest(100)).map((p) => ({
          status: p.status,
          body: p.body as { events: Record<string, unknown>[] },
          receivedAt: p.receivedAt.toISOString(),
        })),
      }),
    );
    app.post(
      '/forwarded/failures',
      {
        onRequest: requireOperator,
        schema: {
          tags: ['analytics'],
          security: OPERATOR_SECURITY,
          summary: 'The sandbox Amplitude answers these statuses to its next posts (this node)',
          body: amplitudeSandboxFailuresRequestSchema,
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        provider.failNext(request.body.statuses);
        return reply.code(204).send(null);
      },
    );
  };
}
