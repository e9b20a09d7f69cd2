import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countryListSchema,
  currencyListSchema,
  localeListSchema,
  localeQuerySchema,
  settingsConstantsSchema,
  timeZoneListSchema,
} from '@coinfall/shared';
import type { CoreService } from './core.service.ts';

/** Reference data the site loads at start-up. Public, cacheable for a few minutes. */
export function coreRoutes(core: CoreService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['core'];
    app.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=300');
    });

    app.get(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Settings constants (every status table)',
          response: { 200: settingsConstantsSchema },
        },
      },
      () => core.settings(),
    );
    app.get(
      '/currencies',
      {
        schema: {
          tags,
          summary: 'Enabled currencies with rates',
          response: { 200: currencyListSchema },
        },
      },
      async () => ({ data: await core.currencies() }),
    );
    app.get(
      '/locales',
      { schema: { tags, summary: 'Enabled locales', response: { 200: localeListSchema } } },
      async () => ({ data: await core.locales() }),
    );
    app.get(
      '/countries',
      {
        schema: {
          tags,
          summary: 'ISO 3166-1 countries',
          querystring: localeQuerySchema,
          response: { 200: countryListSchema },
        },
      },
      (request) => ({ data: core.countries(request.query.locale) }),
    );
    app.get(
      '/time-zones',
      { schema: { tags, summary: 'America/* time zones', response: { 200: timeZoneListSchema } } },
      () => ({ data: core.timeZones() }),
    );
  };
}
