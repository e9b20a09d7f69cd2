import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playerCodes, type PlayerCodePurpose } from '../../db/schema/index.ts';

/** The only place that touches the player_codes table (mailed one-time codes). */
export function createCodeRepo(db: Database) {
  return {
    async insertCode(
      values: { playerId: string; purpose: PlayerCodePurpose; codeHash: string; expiresAt: Date },
      tx: Database = db,
    ): Promise<void> {
      await tx.insert(playerCodes).values(values);
    },

    /**
     * Spends a live code in one statement, so two concurrent uses cannot both succeed; the
     * owner's id, or undefined when the code is unknown, used or expired.
     */
    async consumeCode(
      purpose: PlayerCodePurpose,
      codeHash: string,
      at: Date,
      tx: Database = db,
    ): Promise<string | undefined> {
      const [row] = await tx
        .update(playerCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(playerCodes.codeHash, codeHash),
            eq(playerCodes.purpose, purpose),
            isNull(playerCodes.usedAt),
            gt(playerCodes.expiresAt, at),
          ),
        )
        .returning({ playerId: playerCodes.playerId });
      return row?.playerId;
    },

    /** Spends every unused code of one purpose of a player (a newer code or a new password). */
    async revokeCodes(
      playerId: string,
      purpose: PlayerCodePurpose,
      at: Date,
      tx: Database = db,
    ): Promise<void> {
      await tx
        .update(playerCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(playerCodes.playerId, playerId),
            eq(playerCodes.purpose, purpose),
            isNull(playerCodes.usedAt),
          ),
        );
    },
  };
}
export type CodeRepo = ReturnType<typeof createCodeRepo>;
