import { and, asc, count, desc, eq, gt, inArray, isNull, lte, not, or } from 'drizzle-orm';
import { PurchaseStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { bundlePurchases, bundles } from '../../db/schema/index.ts';
import type { BundleRow, PurchaseRow } from './shop.fns.ts';

/** The only place that touches bundles and bundle_purchases. */
export function createShopRepo(db: Database) {
  return {
    db,

    /** `active`: on sale at `now` (switched on and inside its window), or not. */
    async listBundles(query: { active?: boolean; now: Date; limit: number; offset: number }) {
      const onSale = and(
        eq(bundles.active, true),
        or(isNull(bundles.startsAt), lte(bundles.startsAt, query.now)),
        or(isNull(bundles.endsAt), gt(bundles.endsAt, query.now)),
      )!;
      const where = query.active === undefined ? undefined : query.active ? onSale : not(onSale);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bundles)
          .where(where)
          .orderBy(asc(bundles.position), asc(bundles.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(bundles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findBundle(tx: Database, id: number): Promise<BundleRow | undefined> {
      const [row] = await tx.select().from(bundles).where(eq(bundles.id, id));
      return row;
    },

    async insertPurchase(
      tx: Database,
      values: typeof bundlePurchases.$inferInsert,
    ): Promise<PurchaseRow> {
      const [row] = await tx.insert(bundlePurchases).values(values).returning();
      if (!row) throw new Error('purchase not stored');
      return row;
    },

    async listPurchases(
      playerId: string,
      query: { statuses?: number[]; limit: number; offset: number },
    ) {
      const where = and(
        eq(bundlePurchases.playerId, playerId),
        query.statuses ? inArray(bundlePurchases.status, query.statuses) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bundlePurchases)
          .where(where)
          .orderBy(desc(bundlePurchases.createdAt), desc(bundlePurchases.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(bundlePurchases).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The player's own purchase, locked until commit; another player's id is not found. */
    async lockOwnPurchase(
      tx: Database,
      playerId: string,
      id: string,
    ): Promise<PurchaseRow | undefined> {
      const [row] = await tx
        .select()
        .from(bundlePurchases)
        .where(and(eq(bundlePurchases.id, id), eq(bundlePurchases.playerId, playerId)))
        .for('update');
      return row;
    },

    async updatePurchase(
      tx: Database,
      id: string,
      patch: Partial<Pick<PurchaseRow, 'status' | 'invoiceId'>>,
    ): Promise<PurchaseRow> {
      const [row] = await tx
        .update(bundlePurchases)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(bundlePurchases.id, id))
        .returning();
      if (!row) throw new Error(`purchase ${id} vanished`);
      return row;
    },

    /**
     * Up to `limit` purchases started before `before` and never paid (no invoice) end failed:
     * locked skipping any a payment holds now, then changed only if still unpaid, so a purchase
     * being paid at this moment is left alone (decision 039).
     */
    async failUnpaid(tx: Database, before: Date, limit: number): Promise<PurchaseRow[]> {
      const unpaid = and(
        eq(bundlePurchases.status, PurchaseStatus.InProgress),
        isNull(bundlePurchases.invoiceId),
      );
      const due = await tx
        .select({ id: bundlePurchases.id })
        .from(bundlePurchases)
        .where(and(unpaid, lte(bundlePurchases.createdAt, before)))
        .orderBy(asc(bundlePurchases.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(bundlePurchases)
        .set({ status: PurchaseStatus.Failed, updatedAt: new Date() })
        .where(
          and(
            unpaid,
            inArray(
              bundlePurchases.id,
              due.map((d) => d.id),
            ),
          ),
        )
        .returning();
    },
  };
}
export type ShopRepo = ReturnType<typeof createShopRepo>;
