import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminBundle,
  AdminBundleList,
  AdminBundlePatch,
  AdminCatalogGame,
  AdminCatalogGameList,
  AdminCatalogGamePatch,
  AdminCatalogGameQuery,
  AdminCollection,
  AdminCollectionList,
  AdminCollectionPatch,
} from '@coinfall/shared/contracts/admin-catalog';
import { staffApi, staffQueryClient } from './staff-client';

const refresh = () => staffQueryClient.invalidateQueries({ queryKey: ['staff', 'catalog'] });

/** Every game, enabled or not (GET /api/admin/catalog/games), in lobby order. */
export function useCatalogGames(query: AdminCatalogGameQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'catalog', 'games', query] as const,
      queryFn: () =>
        staffApi.get<AdminCatalogGameList>('/api/admin/catalog/games', { query: { ...query } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

export async function updateCatalogGame(
  id: number,
  patch: AdminCatalogGamePatch,
): Promise<AdminCatalogGame> {
  const game = await staffApi.post<AdminCatalogGame>(`/api/admin/catalog/games/${id}`, {
    body: patch,
  });
  await refresh();
  return game;
}

export function useCatalogCollections() {
  return useQuery(
    {
      queryKey: ['staff', 'catalog', 'collections'] as const,
      queryFn: () => staffApi.get<AdminCollectionList>('/api/admin/catalog/collections'),
    },
    staffQueryClient,
  );
}

export async function updateCatalogCollection(
  id: number,
  patch: AdminCollectionPatch,
): Promise<AdminCollection> {
  const collection = await staffApi.post<AdminCollection>(`/api/admin/catalog/collections/${id}`, {
    body: patch,
  });
  await refresh();
  return collection;
}

export function useCatalogBundles() {
  return useQuery(
    {
      queryKey: ['staff', 'catalog', 'bundles'] as const,
      queryFn: () => staffApi.get<AdminBundleList>('/api/admin/catalog/bundles'),
    },
    staffQueryClient,
  );
}

export async function updateCatalogBundle(
  id: number,
  patch: AdminBundlePatch,
): Promise<AdminBundle> {
  const bundle = await staffApi.post<AdminBundle>(`/api/admin/catalog/bundles/${id}`, {
    body: patch,
  });
  await refresh();
  return bundle;
}
