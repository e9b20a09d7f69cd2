import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { segmentMemberships } from '../../db/schema/index.ts';

/** One rule membership: a player in a segment. */
export interface MembershipPair {
  playerId: string;
  segmentId: number;
}

/**
 * The one writer of rule memberships (the event's refresh of one player across segments, and the
 * re-check's page of players in one segment): joins insert with their date and keep an existing
 * row's first `since`; leaves delete their rows. One statement each, whatever the count: the
 * pairs travel as one JSON parameter.
 */
export async function writeMembershipRows(
  tx: Database,
  changes: { join: readonly MembershipPair[]; leave: readonly MembershipPair[]; at: Date },
): Promise<void> {
  const { join, leave, at } = changes;
  if (join.length > 0) {
    await tx
      .insert(segmentMemberships)
      .values(join.map((pair) => ({ ...pair, since: at })))
      .onConflictDoNothing();
  }
  if (leave.length > 0) {
    await tx.delete(segmentMemberships).where(
      sql`(${segmentMemberships.playerId}, ${segmentMemberships.segmentId}) in (
            select (pair ->> 'playerId')::uuid, (pair ->> 'segmentId')::int
            from jsonb_array_elements(${JSON.stringify(leave)}::jsonb) as pair)`,
    );
  }
}
