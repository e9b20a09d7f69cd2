import { and, desc, eq } from 'drizzle-orm';
import type { RealityCheckAction, RealityCheckInterval } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { playerRealityChecks, realityCheckAnswers } from '../../db/schema/index.ts';

/** The only place that touches player_reality_checks and reality_check_answers. */
export function createRealityCheckRepo(db: Database) {
  return {
    db,

    async findInterval(
      playerId: string,
      tx: Database = db,
    ): Promise<{ minutes: RealityCheckInterval; setAt: Date } | null> {
      const [row] = await tx
        .select()
        .from(playerRealityChecks)
        .where(eq(playerRealityChecks.playerId, playerId));
      return row ? { minutes: row.intervalMinutes, setAt: row.updatedAt } : null;
    },

    /** Sets the interval, or with null switches checks off (the row goes). */
    async setInterval(
      tx: Database,
      playerId: string,
      minutes: RealityCheckInterval | null,
      at: Date,
    ): Promise<void> {
      if (minutes === null) {
        await tx.delete(playerRealityChecks).where(eq(playerRealityChecks.playerId, playerId));
        return;
      }
      await tx
        .insert(playerRealityChecks)
        .values({ playerId, intervalMinutes: minutes, updatedAt: at })
        .onConflictDoUpdate({
          target: playerRealityChecks.playerId,
          set: { intervalMinutes: minutes, updatedAt: at },
        });
    },

    /** The last answer given in the play session that started at `sessionStartedAt`. */
    async lastAnswer(
      playerId: string,
      sessionStartedAt: Date,
      tx: Database = db,
    ): Promise<{ checkAt: Date; answeredAt: Date } | null> {
      const [row] = await tx
        .select({
          checkAt: realityCheckAnswers.checkAt,
          answeredAt: realityCheckAnswers.answeredAt,
        })
        .from(realityCheckAnswers)
        .where(
          and(
            eq(realityCheckAnswers.playerId, playerId),
            eq(realityCheckAnswers.sessionStartedAt, sessionStartedAt),
          ),
        )
        .orderBy(desc(realityCheckAnswers.checkAt))
        .limit(1);
      return row ?? null;
    },

    /** Records an answer; a second answer to the same check (another tab) is dropped. */
    async insertAnswer(
      tx: Database,
      values: {
        playerId: string;
        sessionStartedAt: Date;
        checkAt: Date;
        action: RealityCheckAction;
        playedSeconds: number;
        answeredAt: Date;
      },
    ): Promise<void> {
      await tx.insert(realityCheckAnswers).values(values).onConflictDoNothing();
    },
  };
}
export type RealityCheckRepo = ReturnType<typeof createRealityCheckRepo>;
