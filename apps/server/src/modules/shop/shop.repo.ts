import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bundlePurchases, bundles } from '../../db/schema/index.ts';
import type { BundleRow, PurchaseRow } from './shop.fns.ts';

/** The only place that touches bundles and bundle_purchases. */
export function createShopRepo(db: Database) {
  return {
    db,

    async listBundles(query: { active?: boolean; limit: number; offset: number }) {
      const where = query.active === undefined ? undefined : eq(bundles.active, query.active);
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
  };
}
export type ShopRepo = ReturnType<typeof createShopRepo>;
