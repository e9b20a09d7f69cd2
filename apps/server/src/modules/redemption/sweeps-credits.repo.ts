import type { Database } from '../../db/client.ts';
import { sweepsCredits } from '../../db/schema/index.ts';

export type SweepsCreditSource = (typeof sweepsCredits.$inferInsert)['source'];

/**
 * Records a Sweeps Coins credit that must be played through 1x before it is redeemable. Called
 * in the transaction of the ledger posting that credited the coins (purchase bonus, bonus…).
 */
export async function recordSweepsCredit(
  tx: Database,
  credit: {
    playerId: string;
    source: SweepsCreditSource;
    amount: number;
    ledgerTransactionId: string;
  },
): Promise<void> {
  await tx.insert(sweepsCredits).values(credit).onConflictDoNothing();
}
