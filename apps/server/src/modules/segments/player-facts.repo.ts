import { PurchaseStatus } from '@coinfall/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  bundlePurchases,
  loyaltyLevels,
  loyaltySublevels,
  playerSessions,
  players,
  retentionAccounts,
} from '../../db/schema/index.ts';
import { SEGMENT_IDS } from '../../db/seed/reference-data.ts';
import type { PagePlayer } from './segments.fns.ts';

/** The players columns the facts start from. */
export const playerFactColumns = {
  id: players.id,
  registeredAt: players.createdAt,
  country: players.country,
  segmentIds: players.segmentIds,
};
type PlayerFactRow = {
  id: string;
  registeredAt: Date;
  country: string | null;
  segmentIds: readonly number[];
};

/**
 * What the rules read of these players (rows already read, and locked by the caller), in the
 * rows' order: three set-based reads whatever the number of players (decision 064).
 */
export async function factsOf(tx: Database, rows: readonly PlayerFactRow[]): Promise<PagePlayer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: a transaction's connection runs one statement at a time.
  const sessions = await tx
    .select({
      playerId: playerSessions.playerId,
      at: sql<Date | string | null>`max(${playerSessions.createdAt})`,
    })
    .from(playerSessions)
    .where(inArray(playerSessions.playerId, ids))
    .groupBy(playerSessions.playerId);
  const purchasers = await tx
    .selectDistinct({ playerId: bundlePurchases.playerId })
    .from(bundlePurchases)
    .where(
      and(
        inArray(bundlePurchases.playerId, ids),
        eq(bundlePurchases.status, PurchaseStatus.Completed),
      ),
    );
  const levels = await tx
    .select({ playerId: retentionAccounts.playerId, position: loyaltyLevels.position })
    .from(retentionAccounts)
    .innerJoin(loyaltySublevels, eq(loyaltySublevels.id, retentionAccounts.sublevelId))
    .innerJoin(loyaltyLevels, eq(loyaltyLevels.id, loyaltySublevels.levelId))
    .where(inArray(retentionAccounts.playerId, ids));
  const lastSignIn = new Map(sessions.map((s) => [s.playerId, s.at]));
  const purchased = new Set(purchasers.map((p) => p.playerId));
  const level = new Map(levels.map((l) => [l.playerId, l.position]));
  return rows.map((row) => {
    const segmentIds = row.segmentIds;
    const at = lastSignIn.get(row.id);
    return {
      playerId: row.id,
      segmentIds,
      facts: {
        registeredAt: row.registeredAt,
        lastSignInAt: at ? new Date(at) : null,
        // One way, like the payer's flag it mirrors: a purchaser stays one (imported or
        // hand-set members of the purchasers segment included).
        hasSettledPurchase: purchased.has(row.id) || segmentIds.includes(SEGMENT_IDS.purchasers),
        isTester: segmentIds.includes(SEGMENT_IDS.testers),
        w9Required: segmentIds.includes(SEGMENT_IDS.w9Required),
        w9Received: segmentIds.includes(SEGMENT_IDS.w9Received),
        loyaltyLevel: level.get(row.id) ?? 0,
        country: row.country,
      },
    };
  });
}
