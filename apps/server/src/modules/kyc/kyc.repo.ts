import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kycChecks, type KycCheckStatus } from '../../db/schema/index.ts';

export type KycCheckRow = typeof kycChecks.$inferSelect;

/** The only place that touches the kyc_checks table. */
export function createKycRepo(db: Database) {
  return {
    db,

    /** The player's newest check, if any. */
    async latestCheck(playerId: string, tx: Database = db): Promise<KycCheckRow | undefined> {
      const [row] = await tx
        .select()
        .from(kycChecks)
        .where(eq(kycChecks.playerId, playerId))
        .orderBy(desc(kycChecks.createdAt), desc(kycChecks.id))
        .limit(1);
      return row;
    },

    async insertCheck(
      tx: Database,
      values: {
        playerId: string;
        provider: string;
        providerReference: string;
        status: KycCheckStatus;
        result: Record<string, unknown>;
        createdAt: Date;
        updatedAt: Date;
      },
    ): Promise<KycCheckRow> {
      const [row] = await tx.insert(kycChecks).values(values).returning();
      if (!row) throw new Error('insert into kyc_checks returned no row');
      return row;
    },

    /**
     * Moves a check on only from the status it was read in (compare-and-set), so two answers
     * racing cannot both apply; undefined when the check moved meanwhile.
     */
    async updateCheck(
      tx: Database,
      id: string,
      from: KycCheckStatus,
      values: { status: KycCheckStatus; result: Record<string, unknown>; updatedAt: Date },
    ): Promise<KycCheckRow | undefined> {
      const [row] = await tx
        .update(kycChecks)
        .set(values)
        .where(and(eq(kycChecks.id, id), eq(kycChecks.status, from)))
        .returning();
      return row;
    },
  };
}
export type KycRepo = ReturnType<typeof createKycRepo>;
