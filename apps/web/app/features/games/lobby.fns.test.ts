import { describe, expect, it } from 'vitest';
import {
  collectionNameOf,
  gameListQueryOf,
  isCollectionAvailable,
  lobbyFilterOf,
  lobbySearchWith,
  nextPageOf,
} from './lobby.fns';

describe('lobbyFilterOf', () => {
  it('reads collection, provider, search and sort from the URL', () => {
    const filter = lobbyFilterOf(
      new URLSearchParams('collection=slots&provider=aurora-reels&search=%20neon%20&sortBy=rtp'),
    );
    expect(filter).toEqual({
      collection: 'slots',
      provider: 'aurora-reels',
      search: 'neon',
      sortBy: 'rtp',
      sortOrder: 'desc',
    });
  });

  it('falls back to everything, default order, for malformed values', () => {
    expect(
      lobbyFilterOf(new URLSearchParams('collection=Bad%20Slug&sortBy=cheapest&search=  ')),
    ).toEqual({
      collection: undefined,
      provider: undefined,
      search: undefined,
      sortBy: 'default',
      sortOrder: 'asc',
    });
  });

  it('keeps each sort in its natural order and shows the highest RTP first', () => {
    expect(lobbyFilterOf(new URLSearchParams('sortBy=name')).sortOrder).toBe('asc');
    expect(lobbyFilterOf(new URLSearchParams('sortBy=popularity')).sortOrder).toBe('asc');
    expect(lobbyFilterOf(new URLSearchParams('sortBy=rtp')).sortOrder).toBe('desc');
  });
});

describe('lobbySearchWith', () => {
  it('keeps other parameters and drops defaults and empty values', () => {
    const next = lobbySearchWith(new URLSearchParams('is_auth=true&search=old&sortBy=name'), {
      search: '',
      sortBy: 'default',
      collection: 'new',
    });
    expect(next.toString()).toBe('is_auth=true&collection=new');
  });
});

describe('gameListQueryOf', () => {
  it('builds the GET /api/game/games query of a page', () => {
    expect(
      gameListQueryOf({ collection: 'slots', sortBy: 'new', sortOrder: 'asc' }, 3, 24),
    ).toEqual({
      collection: 'slots',
      provider: undefined,
      search: undefined,
      sortBy: 'new',
      sortOrder: 'asc',
      page: 3,
      perPage: 24,
    });
  });
});

describe('nextPageOf', () => {
  it('gives the following page until the last one', () => {
    expect(nextPageOf({ page: 1, perPage: 24, totalPages: 2, totalRows: 30 })).toBe(2);
    expect(nextPageOf({ page: 2, perPage: 24, totalPages: 2, totalRows: 30 })).toBeUndefined();
    expect(nextPageOf({ page: 1, perPage: 24, totalPages: 0, totalRows: 0 })).toBeUndefined();
  });
});

describe('isCollectionAvailable', () => {
  it('treats an empty country list as everywhere', () => {
    expect(isCollectionAvailable({ countries: [] }, undefined)).toBe(true);
  });
  it('keeps a licensed collection to its countries', () => {
    expect(isCollectionAvailable({ countries: ['US', 'CA'] }, 'us')).toBe(true);
    expect(isCollectionAvailable({ countries: ['US', 'CA'] }, 'BR')).toBe(false);
    expect(isCollectionAvailable({ countries: ['US', 'CA'] }, undefined)).toBe(false);
  });
});

describe('collectionNameOf', () => {
  it('names a shipped collection in the locale, an operator-added one as the catalog does', () => {
    const texts = { 'collection.slots': 'Tragamonedas' };
    expect(collectionNameOf({ identity: 'slots', name: 'Slots' }, texts)).toBe('Tragamonedas');
    expect(collectionNameOf({ identity: 'winter', name: 'Winter' }, texts)).toBe('Winter');
  });
});
