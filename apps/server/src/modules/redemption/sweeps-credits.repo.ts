import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sweepsCredits } from '../../db/schema/index.ts';

export type SweepsCreditSource = (typeof sweepsCredits.$inferInsert)['source'];

/**
 * Records a Sweeps Coins credit that must be played through 1x before it is redeemable. Called
 * in the transaction of the ledger posting that credited the coins (purchase bonus, bonus…).
 * An operator may record it played through already (`wagered` = amount, `completedAt` set).
 */
export async function recordSweepsCredit(
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
}

/** The credit a ledger posting recorded (one at most: the transaction id is unique). */
export async function findSweepsCreditOf(tx: Database, ledgerTransactionId: string) {
  const [row] = await tx
    .select()
    .from(sweepsCredits)
    .where(eq(sweepsCredits.ledgerTransactionId, ledgerTransactionId));
  return row;
}
