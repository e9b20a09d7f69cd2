import { and, asc, eq, getTableColumns, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import { BonusResult, BonusStatus, FreeSpinResult, FreeSpinStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  games,
  ledgerAccounts,
  playerBonuses,
  playerFreeSpins,
  players,
} from '../../db/schema/index.ts';
import type { PlayerBonusRecord, PlayerFreeSpinRecord } from './bonus.repo.ts';

const OPEN = [BonusStatus.Issued, BonusStatus.Active];

// A batch's ids as one JSON parameter (`= any(array(…))`), not a thousand: one value to bind, and
// a plan that does not grow with the batch (drizzle spreads a JS array into a list).
const anyOf = (column: AnyColumn, ids: readonly (number | string)[], type: 'int' | 'uuid') =>
  sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::${sql.raw(type)}))`;
const anyId = (column: AnyColumn, ids: number[]) => anyOf(column, ids, 'int');
const anyPlayer = (column: AnyColumn, ids: string[]) => anyOf(column, ids, 'uuid');

/**
 * The expiry job's set-based statements: a batch of due rows per statement, never one row at a
 * time, so 100,000 due bonuses take a few hundred statements.
 */
export function createBonusExpiryRepo(db: Database) {
  return {
    db,

    /** Up to `limit` unfinished bonuses past their deadline: their ids and players (no lock). */
    /**
     * The next due bonuses, locked and skipping any another lane holds: parallel lanes take
     * disjoint batches. (It never waits, so it cannot deadlock with a bet that holds the player
     * first: the player lock after it is skip-locked too.)
     */
    dueBonuses(tx: Database, now: Date, limit: number) {
      return tx
        .select({ id: playerBonuses.id, playerId: playerBonuses.playerId })
        .from(playerBonuses)
        .where(and(inArray(playerBonuses.status, OPEN), lte(playerBonuses.expiresAt, now)))
        .orderBy(asc(playerBonuses.expiresAt), asc(playerBonuses.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    dueFreeSpins(tx: Database, now: Date, limit: number) {
      return tx
        .select({ id: playerFreeSpins.id, playerId: playerFreeSpins.playerId })
        .from(playerFreeSpins)
        .where(and(inArray(playerFreeSpins.status, OPEN), lte(playerFreeSpins.expiresAt, now)))
        .orderBy(asc(playerFreeSpins.expiresAt), asc(playerFreeSpins.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * Locks these players' rows (the one lock order: the player first), skipping any a bet or
     * another node holds now — those are expired at a later run. Returns the ids locked.
     */
    async lockPlayers(tx: Database, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: players.id })
        .from(players)
        .where(anyPlayer(players.id, ids))
        .orderBy(asc(players.id))
        .for('no key update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    /**
     * Expires the given bonuses that are still unfinished and due, of the players locked (a
     * bonus another node or the player finished meanwhile is left alone). Returns the expired
     * rows with the status they had, for the forfeits and the events.
     */
    async expireBonuses(
      tx: Database,
      ids: number[],
      playerIds: string[],
      now: Date,
    ): Promise<(PlayerBonusRecord & { was: number })[]> {
      if (ids.length === 0 || playerIds.length === 0) return [];
      // The status each row has before the update, read in the same statement (a CTE sees the
      // rows as they were); the players' locks keep them so until commit.
      const due = tx.$with('due').as(
        tx
          .select({ dueId: playerBonuses.id, was: playerBonuses.status })
          .from(playerBonuses)
          .where(
            and(
              anyId(playerBonuses.id, ids),
              anyPlayer(playerBonuses.playerId, playerIds),
              inArray(playerBonuses.status, OPEN),
              lte(playerBonuses.expiresAt, now),
            ),
          ),
      );
      const expired = await tx
        .with(due)
        .update(playerBonuses)
        .set({ status: BonusStatus.Finished, result: BonusResult.Expired, finishedAt: now })
        .from(due)
        .where(eq(playerBonuses.id, due.dueId))
        .returning({ ...getTableColumns(playerBonuses), was: due.was });
      if (expired.length === 0) return [];
      // A handful of campaigns: their names once, not a join per row.
      const definitions = new Map(
        (
          await tx
            .select({
              id: bonusDefinitions.id,
              slug: bonusDefinitions.slug,
              kind: bonusDefinitions.kind,
            })
            .from(bonusDefinitions)
        ).map((d) => [d.id, d]),
      );
      return expired.map((row) => {
        const def = definitions.get(row.bonusId);
        if (!def) throw new Error(`definition ${row.bonusId} vanished`);
        return { ...row, slug: def.slug, kind: def.kind };
      });
    },

    async expireFreeSpins(
      tx: Database,
      ids: number[],
      playerIds: string[],
      now: Date,
    ): Promise<PlayerFreeSpinRecord[]> {
      if (ids.length === 0 || playerIds.length === 0) return [];
      const expired = await tx
        .update(playerFreeSpins)
        .set({ status: FreeSpinStatus.Finished, result: FreeSpinResult.Expired, finishedAt: now })
        .where(
          and(
            inArray(playerFreeSpins.id, ids),
            inArray(playerFreeSpins.playerId, playerIds),
            inArray(playerFreeSpins.status, OPEN),
            lte(playerFreeSpins.expiresAt, now),
          ),
        )
        .returning({ id: playerFreeSpins.id });
      if (expired.length === 0) return [];
      const rows = await tx
        .select({ row: playerFreeSpins, identity: games.identity, name: games.name })
        .from(playerFreeSpins)
        .innerJoin(games, eq(games.id, playerFreeSpins.gameId))
        .where(
          inArray(
            playerFreeSpins.id,
            expired.map((e) => e.id),
          ),
        );
      return rows.map((r) => ({ ...r.row, game: { identity: r.identity, name: r.name } }));
    },

    /**
     * The next queued bonus (issued, activated automatically, oldest first) of each of these
     * (player, currency) pairs that has one: one statement for the batch.
     */
    async queuedFor(
      tx: Database,
      pairs: { playerId: string; currency: string }[],
      now: Date,
    ): Promise<PlayerBonusRecord[]> {
      if (pairs.length === 0) return [];
      const rows = await tx
        .selectDistinctOn([playerBonuses.playerId, playerBonuses.currency], {
          row: playerBonuses,
          slug: bonusDefinitions.slug,
          kind: bonusDefinitions.kind,
        })
        .from(playerBonuses)
        .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, playerBonuses.bonusId))
        .where(
          and(
            anyPlayer(
              playerBonuses.playerId,
              pairs.map((p) => p.playerId),
            ),
            eq(playerBonuses.status, BonusStatus.Issued),
            eq(bonusDefinitions.activation, 'auto'),
            sql`${playerBonuses.expiresAt} > ${now}`,
          ),
        )
        .orderBy(
          playerBonuses.playerId,
          playerBonuses.currency,
          asc(playerBonuses.issuedAt),
          asc(playerBonuses.id),
        );
      const wanted = new Set(pairs.map((p) => `${p.playerId}/${p.currency}`));
      return rows
        .filter((r) => wanted.has(`${r.row.playerId}/${r.row.currency}`))
        .map((r) => ({ ...r.row, slug: r.slug, kind: r.kind }));
    },

    /** The bonus accounts holding money among these (player, currency) pairs. */
    async fundedBonusAccounts(
      tx: Database,
      pairs: { playerId: string; currency: string }[],
    ): Promise<{ id: string; playerId: string; currency: string; balance: number }[]> {
      if (pairs.length === 0) return [];
      const rows = await tx
        .select({
          id: ledgerAccounts.id,
          playerId: ledgerAccounts.playerId,
          currency: ledgerAccounts.currency,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.ownerKind, 'bonus'),
            anyPlayer(
              ledgerAccounts.playerId,
              pairs.map((p) => p.playerId),
            ),
            sql`${ledgerAccounts.balance} > 0`,
          ),
        );
      const wanted = new Set(pairs.map((p) => `${p.playerId}/${p.currency}`));
      return rows
        .filter((r) => wanted.has(`${r.playerId}/${r.currency}`))
        .map((r) => ({ ...r, playerId: r.playerId! }));
    },
  };
}
export type BonusExpiryRepo = ReturnType<typeof createBonusExpiryRepo>;
