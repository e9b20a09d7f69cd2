import { and, eq } from 'drizzle-orm';
import type { LimitPeriod, LimitType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { lockPlayerRow } from './player.repo.ts';
import { playerLimits } from '../../db/schema/index.ts';
import type { LimitState } from './limits.fns.ts';

export type PlayerLimitRow = typeof playerLimits.$inferSelect;

/** The only place that touches the player_limits table. */
export function createLimitsRepo(db: Database) {
  return {
    db,

    lockPlayer: lockPlayerRow,

    listByPlayer(playerId: string, tx: Database = db): Promise<PlayerLimitRow[]> {
      return tx.select().from(playerLimits).where(eq(playerLimits.playerId, playerId));
    },

    /** Inserts a limit; undefined when the player has one of that type and period already. */
    async insert(
      tx: Database,
      values: {
        playerId: string;
        type: LimitType;
        period: LimitPeriod;
        currency: string;
        amount: number;
        at: Date;
      },
    ): Promise<PlayerLimitRow | undefined> {
      const [row] = await tx
        .insert(playerLimits)
        .values({
          playerId: values.playerId,
          type: values.type,
          period: values.period,
          currency: values.currency,
          amount: values.amount,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .onConflictDoNothing({
          target: [playerLimits.playerId, playerLimits.type, playerLimits.period],
        })
        .returning();
      return row;
    },

    async update(
      tx: Database,
      playerId: string,
      id: string,
      state: LimitState,
      at: Date,
    ): Promise<PlayerLimitRow | undefined> {
      const [row] = await tx
        .update(playerLimits)
        .set({ ...state, updatedAt: at })
        .where(and(eq(playerLimits.id, id), eq(playerLimits.playerId, playerId)))
        .returning();
      return row;
    },

    async delete(tx: Database, playerId: string, id: string): Promise<void> {
      await tx
        .delete(playerLimits)
        .where(and(eq(playerLimits.id, id), eq(playerLimits.playerId, playerId)));
    },
  };
}
export type LimitsRepo = ReturnType<typeof createLimitsRepo>;
