import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  max,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  fairnessSeeds,
  gameCollectionGames,
  gameCollections,
  gameFavorites,
  gameProviders,
  gameRounds,
  games,
  players,
} from '../../db/schema/index.ts';
import {
  containsPattern,
  type GameOrder,
  type GameRow,
  type GameSortKey,
  type SpinRow,
} from './game.fns.ts';

export interface GameFilter {
  collectionId?: number;
  providerId?: number;
  search?: string;
  ids?: number[];
  /** The viewer's country (null: unknown): games restricted to other countries are left out. */
  country?: string | null;
}

const SORT_COLUMNS: Record<GameSortKey, SQLWrapper> = {
  position: games.position,
  name: sql`lower(${games.name})`,
  popularity: games.popularity,
  isNew: games.isNew,
  createdAt: games.createdAt,
  rtp: sql`${games.rtp}::numeric`,
  id: games.id,
};

/** The only place that reads and writes the catalog, favourites, and reads rounds. */
export function createGameRepo(db: Database) {
  const gamesWhere = (filter: GameFilter): SQL | undefined =>
    and(
      eq(games.enabled, true),
      filter.providerId === undefined ? undefined : eq(games.providerId, filter.providerId),
      filter.search === undefined ? undefined : ilike(games.name, containsPattern(filter.search)),
      filter.ids === undefined ? undefined : inArray(games.id, filter.ids),
      filter.country === undefined
        ? undefined
        : filter.country === null
          ? sql`cardinality(${games.countries}) = 0`
          : sql`(cardinality(${games.countries}) = 0 or ${filter.country} = any(${games.countries}))`,
      filter.collectionId === undefined
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(gameCollectionGames)
              .where(
                and(
                  eq(gameCollectionGames.gameId, games.id),
                  eq(gameCollectionGames.collectionId, filter.collectionId),
                ),
              ),
          ),
    );

  /** Game columns with the viewer's favourite mark (always false for a guest). */
  const gameColumns = (playerId: string | null) => ({
    id: games.id,
    identity: games.identity,
    name: games.name,
    kind: games.kind,
    rtp: games.rtp,
    volatility: games.volatility,
    isNew: games.isNew,
    countries: games.countries,
    providerId: gameProviders.id,
    providerIdentity: gameProviders.identity,
    providerName: gameProviders.name,
    isFavorite:
      playerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${gameFavorites} where ${gameFavorites.playerId} = ${playerId} and ${gameFavorites.gameId} = ${games.id})`,
  });

  const selectGames = (tx: Database, playerId: string | null) =>
    tx
      .select(gameColumns(playerId))
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId));

  return {
    db,

    /** Every collection with its enabled games counted, in lobby order. */
    listCollections(tx: Database = db) {
      return tx
        .select({
          id: gameCollections.id,
          identity: gameCollections.identity,
          name: gameCollections.name,
          countries: gameCollections.countries,
          gamesCount: sql<number>`count(${games.id})::int`,
        })
        .from(gameCollections)
        .leftJoin(gameCollectionGames, eq(gameCollectionGames.collectionId, gameCollections.id))
        .leftJoin(games, and(eq(games.id, gameCollectionGames.gameId), eq(games.enabled, true)))
        .groupBy(gameCollections.id)
        .orderBy(asc(gameCollections.position), asc(gameCollections.id));
    },

    /** Listed providers (never the hidden ones) with their enabled games counted. */
    listProviders(tx: Database = db) {
      return tx
        .select({
          id: gameProviders.id,
          identity: gameProviders.identity,
          name: gameProviders.name,
          gamesCount: sql<number>`count(${games.id})::int`,
        })
        .from(gameProviders)
        .leftJoin(games, and(eq(games.providerId, gameProviders.id), eq(games.enabled, true)))
        .where(eq(gameProviders.hidden, false))
        .groupBy(gameProviders.id)
        .orderBy(asc(gameProviders.name), asc(gameProviders.id));
    },

    async findCollection(identity: string, tx: Database = db) {
      const [row] = await tx
        .select()
        .from(gameCollections)
        .where(eq(gameCollections.identity, identity));
      return row;
    },

    /** A listed provider by identity; undefined for unknown and hidden ones. */
    async findListedProvider(identity: string, tx: Database = db) {
      const [row] = await tx
        .select({ id: gameProviders.id })
        .from(gameProviders)
        .where(and(eq(gameProviders.identity, identity), eq(gameProviders.hidden, false)));
      return row;
    },

    async playerCountry(playerId: string, tx: Database = db): Promise<string | null> {
      const [row] = await tx
        .select({ country: players.country })
        .from(players)
        .where(eq(players.id, playerId));
      return row?.country ?? null;
    },

    async listGames(
      query: { filter: GameFilter; order: GameOrder[]; limit: number; offset: number },
      playerId: string | null,
      tx: Database = db,
    ): Promise<{ rows: GameRow[]; total: number }> {
      const where = gamesWhere(query.filter);
      const [rows, [total]] = await Promise.all([
        selectGames(tx, playerId)
          .where(where)
          .orderBy(
            ...query.order.map((o) =>
              o.direction === 'asc' ? asc(SORT_COLUMNS[o.key]) : desc(SORT_COLUMNS[o.key]),
            ),
          )
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(games).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** By numeric id or identity; disabled games only when `includeDisabled`. */
    async findGame(
      ref: number | string,
      playerId: string | null,
      options: { includeDisabled?: boolean } = {},
      tx: Database = db,
    ): Promise<GameRow | undefined> {
      const [row] = await selectGames(tx, playerId).where(
        and(
          typeof ref === 'number' ? eq(games.id, ref) : eq(games.identity, ref),
          options.includeDisabled ? undefined : eq(games.enabled, true),
        ),
      );
      return row;
    },

    /** Collection identities of each game, in lobby order. */
    async collectionsOf(gameIds: number[], tx: Database = db): Promise<Map<number, string[]>> {
      const byGame = new Map<number, string[]>();
      if (gameIds.length === 0) return byGame;
      const rows = await tx
        .select({ gameId: gameCollectionGames.gameId, identity: gameCollections.identity })
        .from(gameCollectionGames)
        .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
        .where(inArray(gameCollectionGames.gameId, gameIds))
        .orderBy(asc(gameCollections.position), asc(gameCollections.id));
      for (const row of rows) {
        byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), row.identity]);
      }
      return byGame;
    },

    async addFavorite(playerId: string, gameId: number, tx: Database = db): Promise<void> {
      await tx.insert(gameFavorites).values({ playerId, gameId }).onConflictDoNothing();
    },

    async removeFavorite(playerId: string, gameId: number, tx: Database = db): Promise<void> {
      await tx
        .delete(gameFavorites)
        .where(and(eq(gameFavorites.playerId, playerId), eq(gameFavorites.gameId, gameId)));
    },

    /** The player's favourite enabled games, the latest marked first. */
    listFavorites(playerId: string, tx: Database = db): Promise<GameRow[]> {
      return selectGames(tx, playerId)
        .innerJoin(
          gameFavorites,
          and(eq(gameFavorites.gameId, games.id), eq(gameFavorites.playerId, playerId)),
        )
        .where(eq(games.enabled, true))
        .orderBy(desc(gameFavorites.createdAt), desc(games.id));
    },

    /** The enabled games the player played, each once, the latest played first. */
    async listPlayed(playerId: string, limit: number, tx: Database = db): Promise<GameRow[]> {
      const lastPlayed = tx
        .select({ gameId: gameRounds.gameId, at: max(gameRounds.createdAt).as('last_played_at') })
        .from(gameRounds)
        .where(eq(gameRounds.playerId, playerId))
        .groupBy(gameRounds.gameId)
        .as('last_played');
      return selectGames(tx, playerId)
        .innerJoin(lastPlayed, eq(lastPlayed.gameId, games.id))
        .where(eq(games.enabled, true))
        .orderBy(desc(lastPlayed.at), desc(games.id))
        .limit(limit);
    },

    /** The player's rounds, newest first, with the seed pair each was played under. */
    async listSpins(
      playerId: string,
      page: { limit: number; offset: number },
      tx: Database = db,
    ): Promise<{ rows: SpinRow[]; total: number }> {
      const mine = eq(gameRounds.playerId, playerId);
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            id: gameRounds.id,
            gameId: gameRounds.gameId,
            gameIdentity: games.identity,
            gameName: games.name,
            currency: gameRounds.currency,
            bet: gameRounds.bet,
            payout: gameRounds.payout,
            status: gameRounds.status,
            nonce: gameRounds.nonce,
            serverSeedHash: fairnessSeeds.serverSeedHash,
            clientSeed: fairnessSeeds.clientSeed,
            createdAt: gameRounds.createdAt,
            settledAt: gameRounds.settledAt,
          })
          .from(gameRounds)
          .innerJoin(games, eq(games.id, gameRounds.gameId))
          .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, gameRounds.seedId))
          .where(mine)
          // A batch's rounds share one time (decision 072): the nonce keeps them in play order.
          .orderBy(desc(gameRounds.createdAt), desc(gameRounds.nonce), desc(gameRounds.id))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(gameRounds).where(mine),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type GameRepo = ReturnType<typeof createGameRepo>;
