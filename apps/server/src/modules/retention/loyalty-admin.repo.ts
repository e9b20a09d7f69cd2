import { count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  loyaltyLevels,
  loyaltySublevels,
  retentionAccounts,
} from '../../db/schema/index.ts';
import { SQL_STATE, hasSqlState } from '../../platform/sql-state.ts';
import type { LoyaltyLevelRow, LoyaltySublevelRow } from './loyalty.repo.ts';

export type LevelLooks = Pick<LoyaltyLevelRow, 'label' | 'bgColor' | 'image' | 'bgImage'> &
  Partial<Pick<LoyaltyLevelRow, 'slug'>>;
export type LevelBenefits = Pick<
  LoyaltyLevelRow,
  'vip' | 'dailyBonusPercent' | 'rakebackPercent' | 'personalHost'
>;
export type SublevelTerms = Omit<LoyaltySublevelRow, 'id'>;

/** The back office's writes to the ladder (decision 057); reads go through the loyalty repo. */
export function createLoyaltyAdminRepo() {
  return {
    /**
     * Locks the levels until commit: two edits of the ladder go one after the other, so the
     * threshold check of each sees the other's result.
     */
    async lockLadder(tx: Database): Promise<void> {
      await tx.select({ id: loyaltyLevels.id }).from(loyaltyLevels).for('update');
    },

    /** Players per sublevel (the highest each reached), for sublevels someone sits on. */
    async holdersBySublevel(tx: Database): Promise<Map<number, number>> {
      const rows = await tx
        .select({ sublevelId: retentionAccounts.sublevelId, holders: count() })
        .from(retentionAccounts)
        .where(isNotNull(retentionAccounts.sublevelId))
        .groupBy(retentionAccounts.sublevelId);
      return new Map(rows.map((r) => [r.sublevelId!, r.holders]));
    },

    async updateLevel(tx: Database, id: number, looks: LevelLooks | LevelBenefits) {
      const [row] = await tx
        .update(loyaltyLevels)
        .set(looks)
        .where(eq(loyaltyLevels.id, id))
        .returning();
      return row;
    },

    /**
     * Gives levels new places. The position is unique (not deferred), so the moved rows step
     * aside to negative places first, then take their own: no two rows meet on one place.
     */
    async placeLevels(tx: Database, places: readonly { id: number; position: number }[]) {
      for (const { id, position } of places) {
        await tx.update(loyaltyLevels).set({ position: -position }).where(eq(loyaltyLevels.id, id));
      }
      for (const { id, position } of places) {
        await tx.update(loyaltyLevels).set({ position }).where(eq(loyaltyLevels.id, id));
      }
    },

    async insertSublevel(tx: Database, terms: SublevelTerms): Promise<LoyaltySublevelRow> {
      const [row] = await tx.insert(loyaltySublevels).values(terms).returning();
      if (!row) throw new Error('loyalty sublevel not inserted');
      return row;
    },

    async updateSublevel(tx: Database, id: number, terms: Partial<SublevelTerms>) {
      const [row] = await tx
        .update(loyaltySublevels)
        .set(terms)
        .where(eq(loyaltySublevels.id, id))
        .returning();
      return row;
    },

    /**
     * Deletes the sublevel; false when a player reached it meanwhile (the foreign key of their
     * account refused the delete, after the caller's count had found nobody).
     */
    async deleteSublevel(tx: Database, id: number): Promise<boolean> {
      try {
        await tx.delete(loyaltySublevels).where(eq(loyaltySublevels.id, id));
        return true;
      } catch (err) {
        if (hasSqlState(err, SQL_STATE.foreignKeyViolation)) return false;
        throw err;
      }
    },

    async bonusSlugExists(tx: Database, slug: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: bonusDefinitions.id })
        .from(bonusDefinitions)
        .where(eq(bonusDefinitions.slug, slug));
      return row !== undefined;
    },
  };
}
export type LoyaltyAdminRepo = ReturnType<typeof createLoyaltyAdminRepo>;
