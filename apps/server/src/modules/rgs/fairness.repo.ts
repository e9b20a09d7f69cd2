import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fairnessSeeds } from '../../db/schema/index.ts';

export type SeedRow = typeof fairnessSeeds.$inferSelect;

/** The only place that touches fairness_seeds. Secret: rows never leave the service as is. */
export function createFairnessRepo(db: Database) {
  return {
    db,

    /** The active pair, locked until commit: rounds take nonces from it one at a time (F2). */
    async lockActive(tx: Database, playerId: string): Promise<SeedRow | undefined> {
      const [row] = await tx
        .select()
        .from(fairnessSeeds)
        .where(and(eq(fairnessSeeds.playerId, playerId), eq(fairnessSeeds.active, true)))
        .for('update');
      return row;
    },

    async findActive(tx: Database, playerId: string): Promise<SeedRow | undefined> {
      const [row] = await tx
        .select()
        .from(fairnessSeeds)
        .where(and(eq(fairnessSeeds.playerId, playerId), eq(fairnessSeeds.active, true)));
      return row;
    },

    async findById(tx: Database, id: string): Promise<SeedRow | undefined> {
      const [row] = await tx.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, id));
      return row;
    },

    /** The pair revealed last, if any. */
    async findPrevious(tx: Database, playerId: string): Promise<SeedRow | undefined> {
      const [row] = await tx
        .select()
        .from(fairnessSeeds)
        .where(and(eq(fairnessSeeds.playerId, playerId), eq(fairnessSeeds.active, false)))
        .orderBy(desc(fairnessSeeds.revealedAt), desc(fairnessSeeds.createdAt))
        .limit(1);
      return row;
    },

    async insert(
      tx: Database,
      values: { playerId: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
    ): Promise<SeedRow> {
      const [row] = await tx.insert(fairnessSeeds).values(values).returning();
      if (!row) throw new Error('seed pair not inserted');
      return row;
    },

    /** Takes the next nonce of a pair the caller holds locked. */
    async takeNonce(tx: Database, id: string): Promise<number> {
      const [row] = await tx
        .update(fairnessSeeds)
        .set({ nextNonce: sql`${fairnessSeeds.nextNonce} + 1` })
        .where(eq(fairnessSeeds.id, id))
        .returning({ next: fairnessSeeds.nextNonce });
      if (!row) throw new Error(`seed pair ${id} vanished`);
      return row.next - 1;
    },

    async retire(tx: Database, id: string, at: Date): Promise<void> {
      await tx
        .update(fairnessSeeds)
        .set({ active: false, revealedAt: at })
        .where(eq(fairnessSeeds.id, id));
    },
  };
}
export type FairnessRepo = ReturnType<typeof createFairnessRepo>;
