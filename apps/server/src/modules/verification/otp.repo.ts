import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, type OtpReason } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { playerOtps } from '../../db/schema/index.ts';

export type PlayerOtpRow = typeof playerOtps.$inferSelect;

/** The only place that touches the player_otps table (SMS one-time codes). */
export function createOtpRepo(db: Database) {
  return {
    db,

    /** When the player's codes of one reason were sent since `since`, newest first. */
    async sentSince(
      playerId: string,
      reason: OtpReason,
      since: Date,
      tx: Database = db,
    ): Promise<Date[]> {
      const rows = await tx
        .select({ createdAt: playerOtps.createdAt })
        .from(playerOtps)
        .where(
          and(
            eq(playerOtps.playerId, playerId),
            eq(playerOtps.reason, reason),
            gt(playerOtps.createdAt, since),
          ),
        )
        .orderBy(desc(playerOtps.createdAt));
      return rows.map((r) => r.createdAt);
    },

    /** Ends every unused code of one reason of the player (a newer code replaces them). */
    async revokeCodes(tx: Database, playerId: string, reason: OtpReason, at: Date): Promise<void> {
      await tx
        .update(playerOtps)
        .set({ usedAt: at })
        .where(
          and(
            eq(playerOtps.playerId, playerId),
            eq(playerOtps.reason, reason),
            isNull(playerOtps.usedAt),
          ),
        );
    },

    async insertCode(
      tx: Database,
      values: {
        playerId: string;
        reason: OtpReason;
        phone: string;
        codeHash: string;
        createdAt: Date;
        expiresAt: Date;
      },
    ): Promise<PlayerOtpRow> {
      const [row] = await tx.insert(playerOtps).values(values).returning();
      if (!row) throw new Error('insert into player_otps returned no row');
      return row;
    },

    /** The player's live code of one reason (unused, unexpired), if any. */
    async findLive(
      playerId: string,
      reason: OtpReason,
      at: Date,
      tx: Database = db,
    ): Promise<PlayerOtpRow | undefined> {
      const [row] = await tx
        .select()
        .from(playerOtps)
        .where(
          and(
            eq(playerOtps.playerId, playerId),
            eq(playerOtps.reason, reason),
            isNull(playerOtps.usedAt),
            gt(playerOtps.expiresAt, at),
          ),
        )
        .orderBy(desc(playerOtps.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Counts one guess on a live code in a single conditional UPDATE, so parallel guesses can
     * never pass OTP_MAX_ATTEMPTS; the new count, or undefined when the code takes no more.
     */
    async countAttempt(id: string, at: Date, tx: Database = db): Promise<number | undefined> {
      const [row] = await tx
        .update(playerOtps)
        .set({ attempts: sql`${playerOtps.attempts} + 1` })
        .where(
          and(
            eq(playerOtps.id, id),
            lt(playerOtps.attempts, OTP_MAX_ATTEMPTS),
            isNull(playerOtps.usedAt),
            gt(playerOtps.expiresAt, at),
          ),
        )
        .returning({ attempts: playerOtps.attempts });
      return row?.attempts;
    },

    /** Spends a code once; false when it was spent (or replaced) meanwhile. */
    async markUsed(tx: Database, id: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(playerOtps)
        .set({ usedAt: at })
        .where(and(eq(playerOtps.id, id), isNull(playerOtps.usedAt)))
        .returning({ id: playerOtps.id });
      return rows.length > 0;
    },

    /** Every number the player asked a code for (E.164, as the texts were addressed). */
    async phonesAskedBy(playerId: string, tx: Database = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ phone: playerOtps.phone })
        .from(playerOtps)
        .where(eq(playerOtps.playerId, playerId));
      return rows.map((r) => r.phone);
    },
  };
}
export type OtpRepo = ReturnType<typeof createOtpRepo>;
