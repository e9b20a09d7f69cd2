import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodeQuerySchema, geocodeResponseSchema } from '@coinfall/shared';
import type { GeoService } from './geo.service.ts';

/** Geocode lookup (spec §7 "Other"): public, under the API rate limit like the rest of /api. */
export function geoRoutes(geo: GeoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/geocode',
      {
        schema: {
          tags: ['geo'],
          summary: 'City and state of a postal code (US ZIP codes; other countries 404)',
          description:
            'From data on board, no network call. 404 NOT_FOUND for an unknown code or a country without data; 400 naming query.country or query.postalCode for a malformed one.',
          querystring: geocodeQuerySchema,
          response: { 200: geocodeResponseSchema },
        },
      },
      (request) => geo.geocode(request.query.country, request.query.postalCode),
    );
  };
}
