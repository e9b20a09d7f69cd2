import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  bonusCodes,
  dailyBonusClaims,
  gameRounds,
  playerBonusCodes,
  players,
} from '../../db/schema/index.ts';

export type BonusCodeRow = typeof bonusCodes.$inferSelect;
export type PlayerBonusCodeRow = typeof playerBonusCodes.$inferSelect;
/** A player's code with the code as typed. */
export type PlayerBonusCodeRecord = PlayerBonusCodeRow & { code: string };
export type DailyClaimRow = typeof dailyBonusClaims.$inferSelect;

/** Bonus codes, the codes players entered, the daily claims and eligibility facts. */
export function createBonusCodesRepo(db: Database) {
  const playerCodeSelect = (tx: Database) =>
    tx
      .select({ row: playerBonusCodes, code: bonusCodes.code })
      .from(playerBonusCodes)
      .innerJoin(bonusCodes, eq(bonusCodes.id, playerBonusCodes.codeId));
  const toRecord = (r: { row: PlayerBonusCodeRow; code: string }): PlayerBonusCodeRecord => ({
    ...r.row,
    code: r.code,
  });

  return {
    db,

    /** Exact, case-sensitive match. */
    async findCode(tx: Database, code: string): Promise<BonusCodeRow | undefined> {
      const [row] = await tx.select().from(bonusCodes).where(eq(bonusCodes.code, code));
      return row;
    },

    /** One more claim unless the cap is reached (first come, first served); false when full. */
    async countCodeClaim(tx: Database, id: number): Promise<boolean> {
      const rows = await tx
        .update(bonusCodes)
        .set({ claims: sql`${bonusCodes.claims} + 1` })
        .where(
          and(
            eq(bonusCodes.id, id),
            sql`(${bonusCodes.claimCap} is null or ${bonusCodes.claims} < ${bonusCodes.claimCap})`,
          ),
        )
        .returning({ id: bonusCodes.id });
      return rows.length > 0;
    },

    /** Undefined when the player entered this code already (pending or applied). */
    async insertPlayerCode(
      tx: Database,
      values: { playerId: string; codeId: number; trigger: number; state: 'pending' | 'applied' },
    ): Promise<PlayerBonusCodeRecord | undefined> {
      const [row] = await tx
        .insert(playerBonusCodes)
        .values({ ...values, appliedAt: values.state === 'applied' ? sql`now()` : null })
        .onConflictDoNothing({
          target: [playerBonusCodes.playerId, playerBonusCodes.codeId],
          where: sql`${playerBonusCodes.state} <> 'removed'`,
        })
        .returning({ id: playerBonusCodes.id });
      if (!row) return undefined;
      const [record] = await playerCodeSelect(tx).where(eq(playerBonusCodes.id, row.id));
      return record && toRecord(record);
    },

    /** The player's live codes (pending and applied), oldest first, optionally of one trigger. */
    async listPlayerCodes(tx: Database, playerId: string, trigger?: number) {
      const rows = await playerCodeSelect(tx)
        .where(
          and(
            eq(playerBonusCodes.playerId, playerId),
            ne(playerBonusCodes.state, 'removed'),
            trigger === undefined ? undefined : eq(playerBonusCodes.trigger, trigger),
          ),
        )
        .orderBy(asc(playerBonusCodes.createdAt), asc(playerBonusCodes.id));
      return rows.map(toRecord);
    },

    /** The player's pending codes, locked: the purchase that applies them holds them. */
    async lockPendingCodes(tx: Database, playerId: string) {
      const rows = await playerCodeSelect(tx)
        .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.state, 'pending')))
        .orderBy(asc(playerBonusCodes.id))
        .for('update', { of: playerBonusCodes });
      return rows.map(toRecord);
    },

    /** Moves a code from pending to `state`; undefined when it was not pending (or not theirs). */
    async settlePlayerCode(
      tx: Database,
      playerId: string,
      id: number,
      state: 'applied' | 'removed',
    ): Promise<PlayerBonusCodeRecord | undefined> {
      const [row] = await tx
        .update(playerBonusCodes)
        .set({ state, appliedAt: state === 'applied' ? sql`now()` : null })
        .where(
          and(
            eq(playerBonusCodes.id, id),
            eq(playerBonusCodes.playerId, playerId),
            eq(playerBonusCodes.state, 'pending'),
          ),
        )
        .returning({ id: playerBonusCodes.id });
      if (!row) return undefined;
      const [record] = await playerCodeSelect(tx).where(eq(playerBonusCodes.id, row.id));
      return record && toRecord(record);
    },

    /** Gives back a claim of a removed pending code, so the cap counts only what was kept. */
    async releaseCodeClaim(tx: Database, id: number): Promise<void> {
      await tx
        .update(bonusCodes)
        .set({ claims: sql`greatest(${bonusCodes.claims} - 1, 0)` })
        .where(eq(bonusCodes.id, id));
    },

    // ---- Daily login bonus ----

    async findDailyClaim(tx: Database, playerId: string): Promise<DailyClaimRow | undefined> {
      const [row] = await tx
        .select()
        .from(dailyBonusClaims)
        .where(eq(dailyBonusClaims.playerId, playerId));
      return row;
    },

    /**
     * Records a claim only if the stored one is still `previous` (null: none yet): false when a
     * concurrent claim won, so the caller books nothing.
     */
    async recordDailyClaim(
      tx: Database,
      playerId: string,
      previous: Date | null,
      next: { lastClaimAt: Date; streak: number },
    ): Promise<boolean> {
      const rows = await tx
        .insert(dailyBonusClaims)
        .values({ playerId, ...next })
        .onConflictDoUpdate({
          target: dailyBonusClaims.playerId,
          set: next,
          setWhere: previous === null ? sql`false` : eq(dailyBonusClaims.lastClaimAt, previous),
        })
        .returning({ playerId: dailyBonusClaims.playerId });
      return rows.length > 0;
    },

    // ---- Eligibility facts ----

    async playerFacts(tx: Database, playerId: string) {
      const [row] = await tx
        .select({
          registeredAt: players.createdAt,
          country: players.country,
          segmentIds: players.segmentIds,
          excludedUntil: players.excludedUntil,
        })
        .from(players)
        .where(eq(players.id, playerId));
      return row;
    },

    /** What the player staked in `currency` on settled rounds since `since`, minor units. */
    async wageredSince(
      tx: Database,
      playerId: string,
      currency: string,
      since: Date,
    ): Promise<number> {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(${gameRounds.bet}), 0)` })
        .from(gameRounds)
        .where(
          and(
            eq(gameRounds.playerId, playerId),
            eq(gameRounds.currency, currency),
            gte(gameRounds.createdAt, since),
          ),
        );
      return Number(row?.total ?? 0);
    },
  };
}
export type BonusCodesRepo = ReturnType<typeof createBonusCodesRepo>;
