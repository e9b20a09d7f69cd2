import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, sweepsCredits } from '../../db/schema/index.ts';
import type { CreditChange } from './playthrough.fns.ts';

export type SweepsCreditRow = typeof sweepsCredits.$inferSelect;
export type SweepsCreditSource = (typeof sweepsCredits.$inferInsert)['source'];

/** Sweeps Coins credits and what playing them through reads: only this file touches them. */
export function createSweepsCreditsRepo(db: Database) {
  return {
    db,

    /**
     * Records a Sweeps Coins credit that must be played through 1x before it is redeemable.
     * Called in the transaction of the ledger posting that credited the coins (purchase bonus,
     * bonus…). An operator may record it played through already (`wagered` = amount,
     * `completedAt` set).
     */
    async record(
      tx: Database,
      credit: {
        playerId: string;
        source: SweepsCreditSource;
        amount: number;
        ledgerTransactionId: string;
        wagered?: number;
        completedAt?: Date | null;
      },
    ): Promise<void> {
      await tx.insert(sweepsCredits).values(credit).onConflictDoNothing();
    },

    /** The credit a ledger posting recorded (one at most: the transaction id is unique). */
    async findOf(tx: Database, ledgerTransactionId: string): Promise<SweepsCreditRow | undefined> {
      const [row] = await tx
        .select()
        .from(sweepsCredits)
        .where(eq(sweepsCredits.ledgerTransactionId, ledgerTransactionId));
      return row;
    },

    /** The player's account in `currency` (its balance is what the credits are weighed against). */
    async findAccount(tx: Database, playerId: string, currency: string) {
      const [row] = await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.playerId, playerId),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerAccounts.ownerKind, 'player'),
          ),
        );
      return row;
    },

    /** Open credits, oldest first; locked until commit when the caller is about to change them. */
    listOpen(tx: Database, playerId: string, lock = false): Promise<SweepsCreditRow[]> {
      const query = tx
        .select()
        .from(sweepsCredits)
        .where(and(eq(sweepsCredits.playerId, playerId), isNull(sweepsCredits.completedAt)))
        .orderBy(asc(sweepsCredits.createdAt), asc(sweepsCredits.id));
      return lock ? query.for('update') : query;
    },

    listCompleted(tx: Database, playerId: string, limit: number) {
      return tx
        .select()
        .from(sweepsCredits)
        .where(and(eq(sweepsCredits.playerId, playerId), isNotNull(sweepsCredits.completedAt)))
        .orderBy(desc(sweepsCredits.completedAt), desc(sweepsCredits.id))
        .limit(limit);
    },

    async update(tx: Database, changes: readonly CreditChange[]): Promise<void> {
      for (const change of changes) {
        await tx
          .update(sweepsCredits)
          .set({ wagered: change.wagered, completedAt: change.completedAt })
          .where(eq(sweepsCredits.id, change.id));
      }
    },
  };
}
export type SweepsCreditsRepo = ReturnType<typeof createSweepsCreditsRepo>;
