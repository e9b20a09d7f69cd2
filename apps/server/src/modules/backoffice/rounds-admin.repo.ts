import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AdminRoundSearchQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bigWinAlerts,
  gameRoundPostings,
  gameRounds,
  games,
  ledgerTransactions,
  players,
} from '../../db/schema/index.ts';

const SORT_COLUMNS = {
  createdAt: gameRounds.createdAt,
  settledAt: gameRounds.settledAt,
  bet: gameRounds.bet,
  payout: gameRounds.payout,
} as const;

const roundRow = {
  round: {
    id: gameRounds.id,
    playerId: gameRounds.playerId,
    currency: gameRounds.currency,
    bet: gameRounds.bet,
    payout: gameRounds.payout,
    bonusBet: gameRounds.bonusBet,
    freeSpinId: gameRounds.freeSpinId,
    status: gameRounds.status,
    createdAt: gameRounds.createdAt,
    settledAt: gameRounds.settledAt,
  },
  playerEmail: players.email,
  game: games.identity,
  gameName: games.name,
};

/**
 * The back office's read model of game rounds (read only: a rollback goes through the game
 * server's use case). Indexed paths (decision 037): by player (game_rounds_player_idx), by game
 * (game_rounds_game_created_idx), across all (game_rounds_created_idx).
 */
export function createRoundsAdminRepo() {
  return {
    async search(tx: Database, query: AdminRoundSearchQuery) {
      const filters = [
        query.playerId ? eq(gameRounds.playerId, query.playerId) : undefined,
        query.game ? eq(games.identity, query.game) : undefined,
        query.currency ? eq(gameRounds.currency, query.currency) : undefined,
        query.status ? eq(gameRounds.status, query.status) : undefined,
        query.from ? gte(gameRounds.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(gameRounds.createdAt, new Date(query.to)) : undefined,
      ].filter((f): f is SQL => f !== undefined);
      const where = filters.length > 0 ? and(...filters) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await tx
        .select(roundRow)
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .innerJoin(players, eq(players.id, gameRounds.playerId))
        .where(where)
        // The id breaks ties, so pages never overlap.
        .orderBy(direction(SORT_COLUMNS[query.sort]), direction(gameRounds.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx
        .select({ total: count() })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(where);
      return { rows, total: total?.total ?? 0 };
    },

    async find(tx: Database, roundId: string) {
      const [row] = await tx
        .select(roundRow)
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .innerJoin(players, eq(players.id, gameRounds.playerId))
        .where(eq(gameRounds.id, roundId));
      return row;
    },

    postings(tx: Database, roundId: string) {
      return tx
        .select({
          transactionId: gameRoundPostings.transactionId,
          kind: ledgerTransactions.kind,
          at: ledgerTransactions.createdAt,
          metadata: ledgerTransactions.metadata,
        })
        .from(gameRoundPostings)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, gameRoundPostings.transactionId))
        .where(eq(gameRoundPostings.roundId, roundId))
        .orderBy(asc(ledgerTransactions.createdAt));
    },

    async bigWins(
      tx: Database,
      query: { playerId?: string; from?: string; to?: string; page: number; perPage: number },
    ) {
      const filters = [
        query.playerId ? eq(bigWinAlerts.playerId, query.playerId) : undefined,
        query.from ? gte(bigWinAlerts.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(bigWinAlerts.createdAt, new Date(query.to)) : undefined,
      ].filter((f): f is SQL => f !== undefined);
      const where = filters.length > 0 ? and(...filters) : undefined;
      const rows = await tx
        .select({ alert: bigWinAlerts, playerEmail: players.email })
        .from(bigWinAlerts)
        .leftJoin(players, eq(players.id, bigWinAlerts.playerId))
        .where(where)
        .orderBy(desc(bigWinAlerts.createdAt), desc(bigWinAlerts.roundId))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx.select({ total: count() }).from(bigWinAlerts).where(where);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type RoundsAdminRepo = ReturnType<typeof createRoundsAdminRepo>;
export type RoundsAdminRow = NonNullable<Awaited<ReturnType<RoundsAdminRepo['find']>>>;
