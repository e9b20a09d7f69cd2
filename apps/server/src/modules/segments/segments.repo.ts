import { SegmentRecheckState, type SegmentRule } from '@coinfall/shared';
import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { players, segmentMemberships, segments } from '../../db/schema/index.ts';
import { writeMembershipRows } from './membership-rows.repo.ts';
import { factsOf, playerFactColumns } from './player-facts.repo.ts';
import type { PlayerFacts, RuleSegment } from './segments.fns.ts';

export type SegmentRow = typeof segments.$inferSelect;

/** What the rules read of one player, with the segment ids the player has now. */
export interface PlayerSnapshot {
  facts: PlayerFacts;
  segmentIds: readonly number[];
}

/** The columns that start a segment's re-check from the first player, counting them now. */
async function recheckFromStart(tx: Database, at: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(players)
    .where(isNull(players.removedAt));
  return {
    recheckState: SegmentRecheckState.Rechecking,
    recheckAfter: null,
    recheckChecked: 0,
    recheckTotal: row?.n ?? 0,
    recheckStartedAt: at,
    recheckFinishedAt: null,
  };
}

/**
 * Segments and players' membership (players.segment_ids, and segment_memberships for the rule
 * segments): only this file touches them, besides the payer's purchaser flag (payer.repo).
 */
export function createSegmentsRepo(db: Database) {
  return {
    list(tx: Database = db): Promise<SegmentRow[]> {
      return tx.select().from(segments).orderBy(asc(segments.id));
    },

    /** Every segment with how many players are in it now, by id (the back office's list). */
    async listWithMembers(tx: Database = db): Promise<(SegmentRow & { members: number })[]> {
      return tx
        .select({
          ...getTableColumns(segments),
          members: sql<number>`(select count(*)::int from players p
            where segments.id = any(p.segment_ids) and p.removed_at is null)`,
        })
        .from(segments)
        .orderBy(asc(segments.id));
    },

    /** One segment, locked for the edit (FOR UPDATE). */
    async lockSegment(tx: Database, id: number): Promise<SegmentRow | undefined> {
      const [row] = await tx.select().from(segments).where(eq(segments.id, id)).for('update');
      return row;
    },

    /**
     * A new rule segment. Segment ids are spec numbers, not a sequence: the next one after the
     * highest, two creations kept apart by a transaction-scoped advisory lock.
     */
    async insertRuleSegment(
      tx: Database,
      terms: { name: string; description: string; rule: SegmentRule },
      at: Date,
    ): Promise<SegmentRow> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('segments.insert'))`);
      const [next] = await tx
        .select({ id: sql<number>`coalesce(max(${segments.id}), 0)::int + 1` })
        .from(segments);
      const [row] = await tx
        .insert(segments)
        .values({ id: next!.id, ...terms, ...(await recheckFromStart(tx, at)) })
        .returning();
      return row!;
    },

    /**
     * The segment's new terms, its rules version bumped and its re-check started over from the
     * first player (decision 064): a run for the previous rules, if any, stops at its next batch.
     */
    async updateRuleSegment(
      tx: Database,
      id: number,
      terms: { name: string; description: string; rule: SegmentRule },
      at: Date,
    ): Promise<SegmentRow> {
      const [row] = await tx
        .update(segments)
        .set({
          ...terms,
          rulesVersion: sql`${segments.rulesVersion} + 1`,
          ...(await recheckFromStart(tx, at)),
        })
        .where(eq(segments.id, id))
        .returning();
      return row!;
    },

    /** Retired at `at`: its members go by the re-check it starts (a rule wanting no one). */
    async retire(tx: Database, id: number, at: Date): Promise<SegmentRow> {
      const [row] = await tx
        .update(segments)
        .set({
          retiredAt: at,
          rulesVersion: sql`${segments.rulesVersion} + 1`,
          ...(await recheckFromStart(tx, at)),
        })
        .where(eq(segments.id, id))
        .returning();
      return row!;
    },

    /** Players in the segment now (segment_ids, not removed). */
    async memberCount(tx: Database, id: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(players)
        .where(and(sql`${id}::int = any(${players.segmentIds})`, isNull(players.removedAt)));
      return row?.n ?? 0;
    },

    /** Adds the player to a segment; nothing changes when they are in it already. */
    async addPlayer(tx: Database, playerId: string, segmentId: number): Promise<void> {
      await tx
        .update(players)
        .set({
          segmentIds: sql`array_append(${players.segmentIds}, ${segmentId}::int)`,
          updatedAt: new Date(),
        })
        .where(
          sql`${eq(players.id, playerId)} and not (${segmentId}::int = any(${players.segmentIds}))`,
        );
    },

    /**
     * The rule-based segments, by id, retired ones marked: they match no one, but their id is
     * still a rule segment's (so a refresh takes it out of segment_ids, not keeps it as a flag).
     */
    async ruleSegments(tx: Database): Promise<(RuleSegment & { retired: boolean })[]> {
      const rows = await tx
        .select({ id: segments.id, rule: segments.rule, retiredAt: segments.retiredAt })
        .from(segments)
        .where(isNotNull(segments.rule))
        .orderBy(asc(segments.id));
      return rows.flatMap((r) =>
        r.rule ? [{ id: r.id, rule: r.rule, retired: r.retiredAt !== null }] : [],
      );
    },

    /**
     * The player's facts, the player row locked so an event's refresh and the job's do not
     * interleave on one player. Undefined for an unknown or removed player. FOR NO KEY UPDATE,
     * as every other locker of a player: the refresh writes no key, and FOR UPDATE would also
     * stop every insert whose foreign key names the player (a chat message, a quest row) until
     * the sweep's page commits, and deadlock with those inserts that hold another of its players.
     */
    async lockSnapshot(tx: Database, playerId: string): Promise<PlayerSnapshot | undefined> {
      const rows = await tx
        .select(playerFactColumns)
        .from(players)
        .where(and(eq(players.id, playerId), isNull(players.removedAt)))
        .for('no key update');
      const [player] = await factsOf(tx, rows);
      return player && { facts: player.facts, segmentIds: player.segmentIds };
    },

    /** The rule segments the player has a membership row for. */
    async membershipIds(tx: Database, playerId: string): Promise<number[]> {
      const rows = await tx
        .select({ id: segmentMemberships.segmentId })
        .from(segmentMemberships)
        .where(eq(segmentMemberships.playerId, playerId));
      return rows.map((r) => r.id);
    },

    /** Writes the changes of one player's rule memberships and their mirror in segment_ids. */
    async applyMembership(
      tx: Database,
      change: {
        playerId: string;
        join: number[];
        leave: number[];
        segmentIds: number[] | null;
        at: Date;
      },
    ): Promise<void> {
      const { playerId, join, leave, segmentIds, at } = change;
      await writeMembershipRows(tx, {
        join: join.map((segmentId) => ({ playerId, segmentId })),
        leave: leave.map((segmentId) => ({ playerId, segmentId })),
        at,
      });
      if (segmentIds) {
        await tx.update(players).set({ segmentIds, updatedAt: at }).where(eq(players.id, playerId));
      }
    },

    /** A page of players (not removed) after `afterId`, by id: the time-based sweep's walk. */
    async playerIdsAfter(tx: Database, afterId: string | null, limit: number): Promise<string[]> {
      const rows = await tx
        .select({ id: players.id })
        .from(players)
        .where(and(isNull(players.removedAt), afterId ? gt(players.id, afterId) : undefined))
        .orderBy(asc(players.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The segments the player is in (segment_ids), each with its membership date if any. */
    async playerSegments(
      playerId: string,
      tx: Database = db,
    ): Promise<
      { id: number; name: string; rule: SegmentRow['rule']; since: Date | null }[] | undefined
    > {
      const [player] = await tx
        .select({ segmentIds: players.segmentIds })
        .from(players)
        .where(eq(players.id, playerId));
      if (!player) return undefined;
      if (player.segmentIds.length === 0) return [];
      return tx
        .select({
          id: segments.id,
          name: segments.name,
          rule: segments.rule,
          since: segmentMemberships.since,
        })
        .from(segments)
        .leftJoin(
          segmentMemberships,
          and(
            eq(segmentMemberships.segmentId, segments.id),
            eq(segmentMemberships.playerId, playerId),
          ),
        )
        .where(inArray(segments.id, player.segmentIds))
        .orderBy(asc(segments.id));
    },
  };
}
export type SegmentsRepo = ReturnType<typeof createSegmentsRepo>;
