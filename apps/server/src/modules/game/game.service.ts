import {
  RECENTLY_PLAYED_SIZE,
  type Game,
  type GameCollection,
  type GameList,
  type GameListQuery,
  type GameProvider,
  type PageQuery,
  type Spin,
} from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageMeta } from '../player/player.fns.ts';
import { gameOrderOf, isCollectionAvailable, toGame, toSpin, type GameRow } from './game.fns.ts';
import type { GameFilter, GameRepo } from './game.repo.ts';

/** `{id}` of a game path: the numeric id or the identity. */
export type GameRef = number | string;

/**
 * The game catalog (spec §7 Game): collections, providers, games and the player's favourites,
 * recently played games and rounds. `viewer` is null for a guest.
 */
export function createGameService(deps: { repo: GameRepo }) {
  const { repo } = deps;

  async function present(rows: GameRow[]): Promise<Game[]> {
    const collections = await repo.collectionsOf(rows.map((r) => r.id));
    return rows.map((row) => toGame(row, collections.get(row.id) ?? []));
  }

  /** Unknown filters are 404 rather than an empty page: a stale link says what went wrong. */
  async function filterOf(query: GameListQuery, viewer: Actor | null): Promise<GameFilter> {
    const country = viewer ? await repo.playerCountry(viewer.playerId) : null;
    const filter: GameFilter = {
      search: query.search,
      ids: query.gameId,
      country: country?.toUpperCase() ?? null,
    };
    if (query.collection !== undefined) {
      const collection = await repo.findCollection(query.collection);
      if (!collection) throw AppError.notFound('Collection');
      if (!isCollectionAvailable(collection.countries, country)) {
        throw new AppError(
          'COLLECTION_UNAVAILABLE',
          viewer
            ? 'This collection is not available in your country'
            : 'Log in from a country where this collection is available to see it',
          { collection: collection.identity, countries: collection.countries },
        );
      }
      filter.collectionId = collection.id;
    }
    if (query.provider !== undefined) {
      const provider = await repo.findListedProvider(query.provider);
      if (!provider) throw AppError.notFound('Provider');
      filter.providerId = provider.id;
    }
    return filter;
  }

  async function enabledGame(ref: GameRef, viewer: Actor | null): Promise<GameRow> {
    const row = await repo.findGame(ref, viewer?.playerId ?? null);
    if (!row) throw AppError.notFound('Game');
    // A game's own countries (decision 055), the rule of the collections' lists.
    if (
      !isCollectionAvailable(
        row.countries,
        viewer ? await repo.playerCountry(viewer.playerId) : null,
      )
    ) {
      throw new AppError('GAME_UNAVAILABLE', 'This game is not available in your country');
    }
    return row;
  }

  return {
    async listCollections(): Promise<{ data: GameCollection[] }> {
      return { data: await repo.listCollections() };
    },

    async listProviders(): Promise<{ data: GameProvider[] }> {
      return { data: await repo.listProviders() };
    },

    async listGames(viewer: Actor | null, query: GameListQuery): Promise<GameList> {
      const { rows, total } = await repo.listGames(
        {
          filter: await filterOf(query, viewer),
          order: gameOrderOf(query.sortBy, query.sortOrder),
          limit: query.perPage,
          offset: (query.page - 1) * query.perPage,
        },
        viewer?.playerId ?? null,
      );
      return { data: await present(rows), meta: pageMeta(query.page, query.perPage, total) };
    },

    async getGame(viewer: Actor | null, ref: GameRef): Promise<Game> {
      const [game] = await present([await enabledGame(ref, viewer)]);
      if (!game) throw AppError.notFound('Game');
      return game;
    },

    async listFavorites(actor: Actor): Promise<{ data: Game[] }> {
      return { data: await present(await repo.listFavorites(actor.playerId)) };
    },

    /** Idempotent: marking a favourite twice leaves one mark. */
    async addFavorite(actor: Actor, ref: GameRef): Promise<{ gameId: number; isFavorite: true }> {
      const game = await enabledGame(ref, actor);
      await repo.addFavorite(actor.playerId, game.id);
      return { gameId: game.id, isFavorite: true };
    },

    /** Idempotent; a game switched off since it was marked can still be unmarked. */
    async removeFavorite(
      actor: Actor,
      ref: GameRef,
    ): Promise<{ gameId: number; isFavorite: false }> {
      const game = await repo.findGame(ref, actor.playerId, { includeDisabled: true });
      if (!game) throw AppError.notFound('Game');
      await repo.removeFavorite(actor.playerId, game.id);
      return { gameId: game.id, isFavorite: false };
    },

    async listPlayed(actor: Actor): Promise<{ data: Game[] }> {
      return { data: await present(await repo.listPlayed(actor.playerId, RECENTLY_PLAYED_SIZE)) };
    },

    async listSpins(
      actor: Actor,
      query: PageQuery,
    ): Promise<{ data: Spin[]; meta: GameList['meta'] }> {
      const { rows, total } = await repo.listSpins(actor.playerId, {
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { data: rows.map(toSpin), meta: pageMeta(query.page, query.perPage, total) };
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
