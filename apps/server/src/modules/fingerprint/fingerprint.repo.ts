import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deviceLinks, welcomeDeviceChecks } from '../../db/schema/index.ts';

/** Device links and waiting welcome coins (decision 049): only this file touches the tables. */
export function createFingerprintRepo(db: Database) {
  return {
    db,

    /**
     * Serialises the reports of one device: two new accounts reporting it at the same moment
     * must not both see "nobody here had the welcome coins". Held to the transaction's end.
     */
    async lockVisitor(tx: Database, visitorId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device:${visitorId}`}))`);
    },

    /** One row per (visitor, player): first seen kept, last seen and the count moved on. */
    async upsertLink(tx: Database, visitorId: string, playerId: string, at: Date): Promise<void> {
      await tx
        .insert(deviceLinks)
        .values({ visitorId, playerId, firstSeenAt: at, lastSeenAt: at, seenCount: 1 })
        .onConflictDoUpdate({
          target: [deviceLinks.visitorId, deviceLinks.playerId],
          set: { lastSeenAt: at, seenCount: sql`${deviceLinks.seenCount} + 1` },
        });
    },

    /** The other players seen on any device this player was seen on. */
    async playersSharingDevices(tx: Database, playerId: string): Promise<string[]> {
      const mine = tx
        .select({ visitorId: deviceLinks.visitorId })
        .from(deviceLinks)
        .where(eq(deviceLinks.playerId, playerId));
      const rows = await tx
        .selectDistinct({ playerId: deviceLinks.playerId })
        .from(deviceLinks)
        .where(and(inArray(deviceLinks.visitorId, mine), ne(deviceLinks.playerId, playerId)));
      return rows.map((r) => r.playerId);
    },

    /** In the registration's transaction: the welcome coins wait for the first fingerprint. */
    async insertWaitingWelcome(tx: Database, playerId: string): Promise<void> {
      await tx.insert(welcomeDeviceChecks).values({ playerId }).onConflictDoNothing();
    },

    /** The player's undecided welcome check, locked; undefined when nothing waits. */
    async lockWaitingWelcome(tx: Database, playerId: string) {
      const [row] = await tx
        .select()
        .from(welcomeDeviceChecks)
        .where(and(eq(welcomeDeviceChecks.playerId, playerId), isNull(welcomeDeviceChecks.outcome)))
        .for('update');
      return row;
    },

    async decideWelcome(
      tx: Database,
      playerId: string,
      decision: { outcome: 'granted' | 'refused'; visitorId: string; at: Date },
    ): Promise<void> {
      await tx
        .update(welcomeDeviceChecks)
        .set({ outcome: decision.outcome, visitorId: decision.visitorId, decidedAt: decision.at })
        .where(eq(welcomeDeviceChecks.playerId, playerId));
    },
  };
}
export type FingerprintRepo = ReturnType<typeof createFingerprintRepo>;
