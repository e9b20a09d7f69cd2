import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bigWinAlerts } from '../../db/schema/index.ts';

export type BigWinAlertRow = typeof bigWinAlerts.$inferSelect;
export type BigWinDelivery = 'pending' | 'sent' | 'failed' | 'not_configured';

/** The only place that touches big_win_alerts. */
export function createBigWinAlertsRepo(db: Database) {
  return {
    /** Records the alert once per round; false when it was recorded before (a redelivery). */
    async insertOnce(values: typeof bigWinAlerts.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(bigWinAlerts)
        .values(values)
        .onConflictDoNothing({ target: bigWinAlerts.roundId })
        .returning({ roundId: bigWinAlerts.roundId });
      return inserted.length > 0;
    },

    async setDelivery(roundId: string, delivery: BigWinDelivery): Promise<void> {
      await db.update(bigWinAlerts).set({ delivery }).where(eq(bigWinAlerts.roundId, roundId));
    },

    async ofPlayer(playerId: string): Promise<BigWinAlertRow[]> {
      return db.select().from(bigWinAlerts).where(eq(bigWinAlerts.playerId, playerId));
    },
  };
}
export type BigWinAlertsRepo = ReturnType<typeof createBigWinAlertsRepo>;
