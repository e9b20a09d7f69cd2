import { GAME_SORTS } from '@coinfall/shared/contracts/game';
import type { PageMeta } from '@coinfall/shared/contracts/player';

/** Games per lobby page ("Load more" asks for the next one). */
export const LOBBY_PAGE_SIZE = 24;
/** Search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export type GameSort = (typeof GAME_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** What the lobby URL says to show: ?collection, ?provider, ?search, ?sortBy. */
export interface LobbyFilter {
  collection?: string;
  provider?: string;
  search?: string;
  sortBy: GameSort;
  sortOrder: SortOrder;
}

/**
 * The order each sort reads best in. The API's `asc` is each sort's natural order (popularity
 * and new: first the most popular / newest; decision 014); only RTP is shown highest first.
 */
export function sortOrderOf(sortBy: GameSort): SortOrder {
  return sortBy === 'rtp' ? 'desc' : 'asc';
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function slugOrUndefined(value: string | null): string | undefined {
  return value !== null && SLUG.test(value) && value.length <= 64 ? value : undefined;
}

function isSort(value: string | null): value is GameSort {
  return value !== null && (GAME_SORTS as readonly string[]).includes(value);
}

/** The filter of a lobby URL; malformed values fall back to "all" rather than failing. */
export function lobbyFilterOf(params: URLSearchParams): LobbyFilter {
  const sortBy = isSort(params.get('sortBy')) ? (params.get('sortBy') as GameSort) : 'default';
  const search = params.get('search')?.trim().slice(0, 64);
  return {
    collection: slugOrUndefined(params.get('collection')),
    provider: slugOrUndefined(params.get('provider')),
    search: search ? search : undefined,
    sortBy,
    sortOrder: sortOrderOf(sortBy),
  };
}

/**
 * The lobby URL's query after a filter change: other parameters (is_auth, tracking) stay,
 * default values are left out so the plain /games URL stays canonical.
 */
export function lobbySearchWith(
  current: URLSearchParams,
  patch: Partial<Pick<LobbyFilter, 'collection' | 'provider' | 'search' | 'sortBy'>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || (key === 'sortBy' && value === 'default'))
      next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The query of GET /api/game/games for one lobby page. */
export function gameListQueryOf(
  filter: LobbyFilter,
  page: number,
  perPage = LOBBY_PAGE_SIZE,
): Record<string, string | number | undefined> {
  return {
    collection: filter.collection,
    provider: filter.provider,
    search: filter.search,
    sortBy: filter.sortBy,
    sortOrder: filter.sortOrder,
    page,
    perPage,
  };
}

/** The page after `meta`, or undefined on the last one. */
export function nextPageOf(meta: PageMeta): number | undefined {
  return meta.page < meta.totalPages ? meta.page + 1 : undefined;
}

/** A collection with countries is only for them; empty means everywhere (spec §3). */
export function isCollectionAvailable(
  collection: { countries: readonly string[] },
  country: string | undefined,
): boolean {
  if (collection.countries.length === 0) return true;
  return country !== undefined && collection.countries.includes(country.toUpperCase());
}

/**
 * A collection's name in the page's language: the bundle's `collection.<identity>` for the
 * collections the site ships with; a collection the operator added later keeps the catalog's name.
 */
export function collectionNameOf(
  collection: { identity: string; name: string },
  texts: object,
): string {
  const name = (texts as Record<string, unknown>)[`collection.${collection.identity}`];
  return typeof name === 'string' ? name : collection.name;
}
