import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playerProtections, players } from '../../db/schema/index.ts';
import type { ProtectionState } from './protection.fns.ts';

export type ProtectionRow = typeof playerProtections.$inferSelect;

/**
 * The only place with the protections' SQL. It also keeps `players.excluded_until`, the one
 * column the doors read (decision 030): it is this module's, written with the rows it sums up.
 */
export function createProtectionRepo(db: Database) {
  return {
    db,

    /**
     * Locks the player's row until commit (NO KEY UPDATE, as every player lock: decision 010)
     * and reads what stands; undefined when there is no such player.
     */
    async lockPlayer(
      tx: Database,
      playerId: string,
    ): Promise<{ excludedUntil: Date | null; removedAt: Date | null } | undefined> {
      const [row] = await tx
        .select({ excludedUntil: players.excludedUntil, removedAt: players.removedAt })
        .from(players)
        .where(eq(players.id, playerId))
        .for('no key update');
      return row;
    },

    async setExcludedUntil(tx: Database, playerId: string, until: Date, at: Date): Promise<void> {
      await tx
        .update(players)
        .set({ excludedUntil: until, updatedAt: at })
        .where(eq(players.id, playerId));
    },

    /**
     * Withdraws the player's consent to promotional mail (decision 036): marketing stops with a
     * break or an exclusion, and stays stopped until the player opts in again.
     */
    async stopPromotions(tx: Database, playerId: string, at: Date): Promise<void> {
      await tx
        .update(players)
        .set({ receiveEmailPromo: false, updatedAt: at })
        .where(eq(players.id, playerId));
    },

    async insert(tx: Database, playerId: string, p: ProtectionState): Promise<ProtectionRow> {
      const [row] = await tx
        .insert(playerProtections)
        .values({ playerId, ...p })
        .returning();
      if (!row) throw new Error('insert into player_protections returned no row');
      return row;
    },

    /** Newest first. */
    async listByPlayer(tx: Database, playerId: string): Promise<ProtectionRow[]> {
      return tx
        .select()
        .from(playerProtections)
        .where(eq(playerProtections.playerId, playerId))
        .orderBy(desc(playerProtections.startsAt), desc(playerProtections.createdAt));
    },

    async markLiftAsked(
      tx: Database,
      playerId: string,
      id: string,
      lift: { liftRequestedAt: Date; liftsAt: Date },
    ): Promise<ProtectionRow | undefined> {
      const [row] = await tx
        .update(playerProtections)
        .set(lift)
        .where(and(eq(playerProtections.id, id), eq(playerProtections.playerId, playerId)))
        .returning();
      return row;
    },
  };
}
export type ProtectionRepo = ReturnType<typeof createProtectionRepo>;
