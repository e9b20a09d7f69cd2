import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBundleListSchema,
  adminBundlePatchSchema,
  adminBundleSchema,
  adminCatalogGameListSchema,
  adminCatalogGamePatchSchema,
  adminCatalogGameQuerySchema,
  adminCatalogGameSchema,
  adminCatalogIdParamsSchema,
  adminCollectionListSchema,
  adminCollectionPatchSchema,
  adminCollectionSchema,
} from '@coinfall/shared';
import type { CatalogAdminService } from './catalog-admin.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

const access = 'catalog.manage';
const LIVE = 'The player site reads the same tables: the change shows at its next request.';

/** Games, collections and coin bundles as staff edit them (decision 043). */
export function catalogAdminRoutes(catalog: CatalogAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalog/games',
      staffRoute(access, {
        summary: 'Every game, enabled or not, in lobby order (name or identity prefix)',
        querystring: adminCatalogGameQuerySchema,
        response: { 200: adminCatalogGameListSchema },
      }),
      (request) => catalog.listGames(request.query),
    );
    app.post(
      '/catalog/games/:id',
      staffRoute(access, {
        summary: 'Enable or disable a game, set its lobby order or its collections (audited)',
        description: `A disabled game leaves the lobby and cannot be launched. ${LIVE} 400 naming body.collections for an unknown collection.`,
        params: adminCatalogIdParamsSchema,
        body: adminCatalogGamePatchSchema,
        response: { 200: adminCatalogGameSchema },
      }),
      (request) => catalog.updateGame(staffOf(request), request.params.id, request.body),
    );
    app.get(
      '/catalog/collections',
      staffRoute(access, {
        summary: 'Every collection in lobby order, with its countries and games counted',
        response: { 200: adminCollectionListSchema },
      }),
      () => catalog.listCollections(),
    );
    app.post(
      '/catalog/collections/:id',
      staffRoute(access, {
        summary: 'Rename a collection, set its order or its countries (audited)',
        description: `Countries restrict browsing the collection (decision 014). ${LIVE}`,
        params: adminCatalogIdParamsSchema,
        body: adminCollectionPatchSchema,
        response: { 200: adminCollectionSchema },
      }),
      (request) => catalog.updateCollection(staffOf(request), request.params.id, request.body),
    );
    app.get(
      '/catalog/bundles',
      staffRoute(access, {
        summary: 'Every coin bundle, on sale or not, in shop order',
        response: { 200: adminBundleListSchema },
      }),
      () => catalog.listBundles(),
    );
    app.post(
      '/catalog/bundles/:id',
      staffRoute(access, {
        summary: 'Change a bundle’s price, coins, order or whether it is on sale (audited)',
        description: `A purchase already started keeps the price it was started at. ${LIVE}`,
        params: adminCatalogIdParamsSchema,
        body: adminBundlePatchSchema,
        response: { 200: adminBundleSchema },
      }),
      (request) => catalog.updateBundle(staffOf(request), request.params.id, request.body),
    );
  };
}
