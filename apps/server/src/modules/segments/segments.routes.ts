import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { segmentListSchema } from '@coinfall/shared';
import type { SegmentsService } from './segments.service.ts';

/**
 * GET /api/segments (spec §7 "GET {backend}/segments"). Public: it is reference data — what
 * each segment id means — with no membership in it; the profile's segmentIds say which apply.
 */
export function segmentsRoutes(segments: SegmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/segments',
      {
        schema: {
          tags: ['segments'],
          security: [],
          summary: 'Every segment and its flags (purchasers, testers, W-9 required / received)',
          response: { 200: segmentListSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return segments.list();
      },
    );
  };
}
