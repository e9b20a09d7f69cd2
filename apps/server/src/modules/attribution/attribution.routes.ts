import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliatePixelHitsSchema,
  affiliatePixelQuerySchema,
  analyticsReportQuerySchema,
  attributionFunnelSchema,
  playerAttributionSchema,
  playerIdParamsSchema,
} from '@coinfall/shared';
import { STAFF_SECURITY } from '../backoffice/staff-guard.ts';
import type { AttributionService } from './attribution.service.ts';
import type { PixelHitsRepo } from './attribution.repo.ts';

const access = { staffAccess: 'analytics.read' } as const;

/**
 * The attribution reports for staff under /api/admin/analytics (decisions 045, 048), mounted by
 * the back office behind its guard: they name players and what brought them, so a staff role's
 * permission rather than the sandbox operator token.
 */
export function attributionAdminRoutes(
  attribution: AttributionService,
  pixelHits: PixelHitsRepo | null,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/analytics/funnel',
      {
        config: access,
        schema: {
          tags: ['admin'],
          security: STAFF_SECURITY,
          summary:
            'Registration → first purchase by affiliate tag and UTM source, players registered in the UTC days',
          querystring: analyticsReportQuerySchema,
          response: { 200: attributionFunnelSchema },
        },
      },
      (request) => attribution.funnel(request.query),
    );
    app.get(
      '/analytics/players/:id/attribution',
      {
        config: access,
        schema: {
          tags: ['admin'],
          security: STAFF_SECURITY,
          summary: 'A player’s affiliate tag, UTM / click ids and A/B funnel at registration',
          params: playerIdParamsSchema,
          response: { 200: playerAttributionSchema },
        },
      },
      (request) => attribution.ofPlayer(request.params.id),
    );
    if (pixelHits) {
      app.get(
        '/analytics/affiliate-pixel-hits',
        {
          config: access,
          schema: {
            tags: ['admin'],
            security: STAFF_SECURITY,
            summary: 'The sandbox affiliate host’s last 100 affclick pixels, newest first',
            response: { 200: affiliatePixelHitsSchema },
          },
        },
        async () => ({
          data: (await pixelHits.latest(100)).map((h) => ({
            offer: h.offer,
            goal: h.goal,
            status: h.status,
            click: h.click,
            receivedAt: h.receivedAt.toISOString(),
          })),
        }),
      );
    }
  };
}

/** A transparent 1×1 GIF: what an affiliate host answers a pixel with. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The sandbox affiliate host (SANDBOX on, no AFFILIATE_PIXEL_URL; decision 019): records each
 * pixel and answers the image, so a test or the demo can see it fired — and how many times.
 */
export function sandboxPixelRoutes(pixelHits: PixelHitsRepo): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/affiliate-sandbox/pixel',
      {
        schema: {
          hide: true,
          querystring: affiliatePixelQuerySchema,
        },
      },
      async (request, reply) => {
        const { offer, goal, status, click } = request.query;
        await pixelHits.insert({ offer, goal, status, click: click ?? null });
        return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL_GIF);
      },
    );
  };
}
