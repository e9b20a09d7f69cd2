import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { BonusStatus, FreeSpinStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  games,
  ledgerAccounts,
  playerBonuses,
  playerFreeSpins,
} from '../../db/schema/index.ts';
import type { ActiveBonus, FreeSpinRow } from './bonus-play.fns.ts';

/**
 * The reads and writes of the bonus tables a game round needs beyond its start statement
 * (rgs/rounds.repo.ts reads the active bonus and the named free spin there): the paths that
 * are not the hottest (actions, rollbacks, opening the game) and the free spins' progress.
 */
export function createBonusPlayRepo(db: Database) {
  const bonusColumns = {
    row: playerBonuses,
    slug: bonusDefinitions.slug,
    kind: bonusDefinitions.kind,
    accountId: ledgerAccounts.id,
    balance: ledgerAccounts.balance,
  };

  async function bonusWhere(tx: Database, where: ReturnType<typeof and>) {
    const [found] = await tx
      .select(bonusColumns)
      .from(playerBonuses)
      .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, playerBonuses.bonusId))
      .leftJoin(
        ledgerAccounts,
        and(
          eq(ledgerAccounts.playerId, playerBonuses.playerId),
          eq(ledgerAccounts.currency, playerBonuses.currency),
          eq(ledgerAccounts.ownerKind, 'bonus'),
        ),
      )
      .where(where);
    if (!found) return null;
    return { ...found, balance: found.balance ?? 0 } satisfies ActiveBonus;
  }

  return {
    db,

    /** The player's active bonus in a currency, with its bonus account. */
    findActive(tx: Database, playerId: string, currency: string): Promise<ActiveBonus | null> {
      return bonusWhere(
        tx,
        and(
          eq(playerBonuses.playerId, playerId),
          eq(playerBonuses.currency, currency),
          eq(playerBonuses.status, BonusStatus.Active),
        ),
      );
    },

    /** A bonus by id (any status), with its bonus account. */
    findById(tx: Database, id: number): Promise<ActiveBonus | null> {
      return bonusWhere(tx, eq(playerBonuses.id, id));
    },

    async setWagered(tx: Database, id: number, wagered: number): Promise<void> {
      await tx.update(playerBonuses).set({ wagered }).where(eq(playerBonuses.id, id));
    },

    /** The player's live free spins on a game in a currency, the oldest first. */
    async findLiveFreeSpin(
      tx: Database,
      playerId: string,
      gameId: number,
      currency: string,
      now: Date,
    ): Promise<FreeSpinRow | null> {
      const [row] = await tx
        .select()
        .from(playerFreeSpins)
        .where(
          and(
            eq(playerFreeSpins.playerId, playerId),
            eq(playerFreeSpins.gameId, gameId),
            eq(playerFreeSpins.currency, currency),
            inArray(playerFreeSpins.status, [FreeSpinStatus.Issued, FreeSpinStatus.Active]),
            sql`${playerFreeSpins.used} < ${playerFreeSpins.count}`,
            gt(playerFreeSpins.expiresAt, now),
          ),
        )
        .orderBy(playerFreeSpins.expiresAt, playerFreeSpins.id)
        .limit(1);
      return row ?? null;
    },

    async findFreeSpin(tx: Database, id: number): Promise<FreeSpinRow | null> {
      const [row] = await tx.select().from(playerFreeSpins).where(eq(playerFreeSpins.id, id));
      return row ?? null;
    },

    /** A free spin's progress; answers the row with its game's names (its event's view). */
    async saveFreeSpin(
      tx: Database,
      row: FreeSpinRow,
    ): Promise<{ row: FreeSpinRow; game: { identity: string; name: string } }> {
      const [saved] = await tx
        .update(playerFreeSpins)
        .set({
          status: row.status,
          activatedAt: row.activatedAt,
          used: row.used,
          won: row.won,
        })
        .where(eq(playerFreeSpins.id, row.id))
        .returning();
      if (!saved) throw new Error(`free spin ${row.id} vanished`);
      const [game] = await tx
        .select({ identity: games.identity, name: games.name })
        .from(games)
        .where(eq(games.id, saved.gameId));
      if (!game) throw new Error(`game ${saved.gameId} vanished`);
      return { row: saved, game };
    },
  };
}
export type BonusPlayRepo = ReturnType<typeof createBonusPlayRepo>;
