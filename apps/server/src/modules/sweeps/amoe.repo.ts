import { and, count, desc, eq, gt, gte, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { amoeCodes, amoeRequests, players } from '../../db/schema/index.ts';

export type AmoeCodeRow = typeof amoeCodes.$inferSelect;
export type AmoeRequestRow = typeof amoeRequests.$inferSelect;

/** Free entry by mail (decision 035): only this file touches its tables. */
export function createAmoeRepo(db: Database) {
  return {
    db,

    /** Codes neither used nor expired: what a player holds to mail. */
    async countUnused(tx: Database, playerId: string, now: Date): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(amoeCodes)
        .where(
          and(
            eq(amoeCodes.playerId, playerId),
            isNull(amoeCodes.usedAt),
            gt(amoeCodes.expiresAt, now),
          ),
        );
      return row?.n ?? 0;
    },

    /** Undefined when the code exists already (a random clash: the caller draws again). */
    async insertCode(
      tx: Database,
      code: { playerId: string; code: string; createdAt: Date; expiresAt: Date },
    ): Promise<AmoeCodeRow | undefined> {
      const [row] = await tx.insert(amoeCodes).values(code).onConflictDoNothing().returning();
      return row;
    },

    listCodes(tx: Database, playerId: string, limit: number): Promise<AmoeCodeRow[]> {
      return tx
        .select()
        .from(amoeCodes)
        .where(eq(amoeCodes.playerId, playerId))
        .orderBy(desc(amoeCodes.createdAt), desc(amoeCodes.id))
        .limit(limit);
    },

    /** The code, locked until commit: its recording happens once. */
    async lockCode(tx: Database, code: string): Promise<AmoeCodeRow | undefined> {
      const [row] = await tx.select().from(amoeCodes).where(eq(amoeCodes.code, code)).for('update');
      return row;
    },

    async markUsed(tx: Database, codeId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(amoeCodes)
        .set({ usedAt: at })
        .where(and(eq(amoeCodes.id, codeId), isNull(amoeCodes.usedAt)))
        .returning({ id: amoeCodes.id });
      return rows.length === 1;
    },

    /** Requests of the player postmarked within [from, to] (days, inclusive). */
    async countPostmarked(tx: Database, playerId: string, from: string, to: string) {
      const [row] = await tx
        .select({ n: count() })
        .from(amoeRequests)
        .where(
          and(
            eq(amoeRequests.playerId, playerId),
            gte(amoeRequests.postmarkedOn, from),
            lte(amoeRequests.postmarkedOn, to),
          ),
        );
      return row?.n ?? 0;
    },

    async findByReference(tx: Database, reference: string) {
      const [row] = await tx
        .select({ id: amoeRequests.id })
        .from(amoeRequests)
        .where(eq(amoeRequests.reference, reference));
      return row;
    },

    /** Undefined when the code or the envelope's reference was recorded meanwhile. */
    async insertRequest(
      tx: Database,
      request: typeof amoeRequests.$inferInsert,
    ): Promise<AmoeRequestRow | undefined> {
      const [row] = await tx.insert(amoeRequests).values(request).onConflictDoNothing().returning();
      return row;
    },

    listRequests(tx: Database, playerId: string): Promise<(AmoeRequestRow & { code: string })[]> {
      return tx
        .select({
          id: amoeRequests.id,
          codeId: amoeRequests.codeId,
          playerId: amoeRequests.playerId,
          amount: amoeRequests.amount,
          currency: amoeRequests.currency,
          postmarkedOn: amoeRequests.postmarkedOn,
          receivedOn: amoeRequests.receivedOn,
          reference: amoeRequests.reference,
          recordedBy: amoeRequests.recordedBy,
          recordedAt: amoeRequests.recordedAt,
          ledgerTransactionId: amoeRequests.ledgerTransactionId,
          code: amoeCodes.code,
        })
        .from(amoeRequests)
        .innerJoin(amoeCodes, eq(amoeCodes.id, amoeRequests.codeId))
        .where(eq(amoeRequests.playerId, playerId))
        .orderBy(desc(amoeRequests.recordedAt));
    },

    /** What the door asks of the player: a break or exclusion still running. */
    async excludedUntil(tx: Database, playerId: string): Promise<Date | null> {
      const [row] = await tx
        .select({ excludedUntil: players.excludedUntil })
        .from(players)
        .where(eq(players.id, playerId));
      return row?.excludedUntil ?? null;
    },
  };
}
export type AmoeRepo = ReturnType<typeof createAmoeRepo>;
