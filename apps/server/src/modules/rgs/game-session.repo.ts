import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/prepared.ts';
import { WalletAccountStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  gameCollectionGames,
  gameCollections,
  gameProviders,
  gameSessions,
  games,
  ledgerAccounts,
  playerSessions,
  players,
} from '../../db/schema/index.ts';

export type GameRow = typeof games.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;

/** What the game server needs of a player: standing, boards' nickname, launch country. */
export interface RgsPlayer {
  id: string;
  status: number;
  removedAt: Date | null;
  /** A break or self-exclusion in force until then (decision 030). */
  excludedUntil: Date | null;
  nickname: string | null;
  country: string | null;
}

const playerColumns = {
  id: players.id,
  status: players.status,
  removedAt: players.removedAt,
  excludedUntil: players.excludedUntil,
  nickname: players.nickname,
  country: players.country,
};

/** Game sessions, and the catalog and player rows a launch reads. */
export function createGameSessionRepo(db: Database) {
  return {
    db,

    /** An enabled game of a listed provider, by numeric id or identity. */
    async findPlayableGame(ref: number | string, tx: Database = db): Promise<GameRow | undefined> {
      const [row] = await tx
        .select({ game: games })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .where(
          and(
            typeof ref === 'number' ? eq(games.id, ref) : eq(games.identity, ref),
            eq(games.enabled, true),
            eq(gameProviders.hidden, false),
          ),
        );
      return row?.game;
    },

    findGame(id: number, tx: Database = db): Promise<GameRow | undefined> {
      return tx
        .select()
        .from(games)
        .where(eq(games.id, id))
        .then((rows) => rows[0]);
    },

    /** The country lists of the game's collections (one per collection). */
    async collectionCountries(gameId: number, tx: Database = db): Promise<string[][]> {
      const rows = await tx
        .select({ countries: gameCollections.countries })
        .from(gameCollectionGames)
        .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
        .where(eq(gameCollectionGames.gameId, gameId));
      return rows.map((r) => r.countries);
    },

    async findPlayer(playerId: string, tx: Database = db): Promise<RgsPlayer | undefined> {
      const [row] = await tx.select(playerColumns).from(players).where(eq(players.id, playerId));
      return row;
    },

    /** Locks the player row (the one lock order: player, seed pair, round, accounts). */
    async lockPlayer(tx: Database, playerId: string): Promise<RgsPlayer | undefined> {
      const [row] = await tx
        .select(playerColumns)
        .from(players)
        .where(eq(players.id, playerId))
        .for('no key update');
      return row;
    },

    /** Locks the player row (as `lockPlayer`) and reads the game in the same statement. */
    async lockPlayerWithGame(
      tx: Database,
      playerId: string,
      gameId: number,
    ): Promise<
      { player: RgsPlayer; game: GameRow | null; collectionCountries: string[][] } | undefined
    > {
      const [row] = await tx
        .select({
          player: playerColumns,
          game: games,
          // Where the game's collections are offered, read with the lock: a country taken off
          // since the session opened refuses the next round (as collectionCountries at launch).
          collectionCountries: sql<
            string[][]
          >`(select coalesce(json_agg(${gameCollections.countries}), '[]')
            from ${gameCollectionGames} join ${gameCollections}
              on ${gameCollections.id} = ${gameCollectionGames.collectionId}
            where ${gameCollectionGames.gameId} = ${gameId})`,
        })
        .from(players)
        .leftJoin(games, eq(games.id, gameId))
        .where(eq(players.id, playerId))
        .for('no key update', { of: players });
      return row;
    },

    /**
     * `lockPlayerWithGame` for a batch of rounds (decision 072): the players' rows locked in id
     * order in one statement — the order every locker of several players takes them in, so none
     * waits on another in a cycle — then the games with their collections' countries in another.
     * Answers them by id.
     */
    async lockPlayersWithGames(
      tx: Database,
      playerIds: string[],
      gameIds: number[],
    ): Promise<{
      players: Map<string, RgsPlayer>;
      games: Map<number, { game: GameRow; collectionCountries: string[][] }>;
    }> {
      const lockedPlayers = await tx
        .select(playerColumns)
        .from(players)
        .where(anyOf(players.id, [...new Set(playerIds)], 'uuid'))
        .orderBy(asc(players.id))
        .for('no key update');
      const gameRows = await tx
        .select({
          game: games,
          collectionCountries: sql<
            string[][]
          >`(select coalesce(json_agg(${gameCollections.countries}), '[]')
            from ${gameCollectionGames} join ${gameCollections}
              on ${gameCollections.id} = ${gameCollectionGames.collectionId}
            where ${gameCollectionGames.gameId} = ${games.id})`,
        })
        .from(games)
        .where(anyOf(games.id, [...new Set(gameIds)], 'int'));
      return {
        players: new Map(lockedPlayers.map((p) => [p.id, p])),
        games: new Map(gameRows.map((g) => [g.game.id, g])),
      };
    },

    async findActiveAccount(tx: Database, playerId: string) {
      const [row] = await tx
        .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.playerId, playerId),
            eq(ledgerAccounts.status, WalletAccountStatus.Active),
          ),
        );
      return row;
    },

    async balanceOf(tx: Database, accountId: string): Promise<number> {
      const [row] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountId));
      if (!row) throw new Error(`ledger account ${accountId} vanished`);
      return row.balance;
    },

    async insertSession(
      tx: Database,
      values: Omit<typeof gameSessions.$inferInsert, 'id'>,
    ): Promise<GameSessionRow> {
      const [row] = await tx.insert(gameSessions).values(values).returning();
      if (!row) throw new Error('game session not inserted');
      return row;
    },

    async findSessionById(tx: Database, id: string): Promise<GameSessionRow | undefined> {
      const [row] = await tx.select().from(gameSessions).where(eq(gameSessions.id, id));
      return row;
    },

    /**
     * The session of a token hash with its player's standing; undefined when unknown or when the
     * player session that launched it has ended (the game session dies with it) — unless the
     * player has an exclusion on record, whose refusal the guard tells (PLAYER_EXCLUDED).
     */
    async findSessionByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          session: gameSessions,
          playerStatus: players.status,
          playerRemovedAt: players.removedAt,
          playerExcludedUntil: players.excludedUntil,
          playerSessionEndedAt: playerSessions.endedAt,
        })
        .from(gameSessions)
        .innerJoin(players, eq(players.id, gameSessions.playerId))
        .innerJoin(playerSessions, eq(playerSessions.id, gameSessions.playerSessionId))
        .where(
          and(
            eq(gameSessions.tokenHash, tokenHash),
            or(isNull(playerSessions.endedAt), isNotNull(players.excludedUntil)),
          ),
        );
      return row;
    },
  };
}
export type GameSessionRepo = ReturnType<typeof createGameSessionRepo>;
