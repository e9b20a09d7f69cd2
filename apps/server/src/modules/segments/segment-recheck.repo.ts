import { SegmentRecheckState, type SegmentTargetingPromotion } from '@coinfall/shared';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  bonusCodes,
  bonusDefinitions,
  players,
  questPackages,
  quests,
  segmentMemberships,
  segments,
} from '../../db/schema/index.ts';
import type { PagePlayer } from './segments.fns.ts';
import { writeMembershipRows } from './membership-rows.repo.ts';
import { factsOf, playerFactColumns } from './player-facts.repo.ts';
import type { SegmentRow } from './segments.repo.ts';

/**
 * The background re-check's SQL (decision 064): claiming a segment's run, a page of players by
 * id with their facts, the page's membership written set-based, the run's progress. Every
 * method runs in the caller's transaction: a batch and the cursor it advances commit together.
 */
export function createSegmentRecheckRepo() {
  return {
    /**
     * A segment whose re-check is unfinished, locked for this batch. SKIP LOCKED: a node whose
     * batch holds one leaves it to that node and takes the next; an edit of the segment waits
     * for the batch (at most one page) and then starts the run over.
     */
    async claimDue(tx: Database): Promise<SegmentRow | undefined> {
      const [row] = await tx
        .select()
        .from(segments)
        .where(eq(segments.recheckState, SegmentRecheckState.Rechecking))
        .orderBy(asc(segments.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    /**
     * The next page of players (not removed) after `afterId`, by id, locked in id order against
     * an event's refresh of the same player, with their facts. FOR NO KEY UPDATE, as the refresh
     * (decision 074): FOR UPDATE would also hold every insert naming a page's player.
     */
    async lockPage(tx: Database, afterId: string | null, limit: number): Promise<PagePlayer[]> {
      const rows = await tx
        .select(playerFactColumns)
        .from(players)
        .where(and(isNull(players.removedAt), afterId ? gt(players.id, afterId) : undefined))
        .orderBy(asc(players.id))
        .limit(limit)
        .for('no key update');
      return factsOf(tx, rows);
    },

    /** Which of these players have a membership row in the segment. */
    async memberIdsAmong(
      tx: Database,
      segmentId: number,
      playerIds: readonly string[],
    ): Promise<Set<string>> {
      if (playerIds.length === 0) return new Set();
      const rows = await tx
        .select({ playerId: segmentMemberships.playerId })
        .from(segmentMemberships)
        .where(
          and(
            eq(segmentMemberships.segmentId, segmentId),
            inArray(segmentMemberships.playerId, [...playerIds]),
          ),
        );
      return new Set(rows.map((r) => r.playerId));
    },

    /** One page's changes to the segment's rows and its mirror in segment_ids, set-based. */
    async applyPage(
      tx: Database,
      segmentId: number,
      changes: { join: string[]; leave: string[]; mirrorAdd: string[]; mirrorRemove: string[] },
      at: Date,
    ): Promise<void> {
      const { join, leave, mirrorAdd, mirrorRemove } = changes;
      await writeMembershipRows(tx, {
        join: join.map((playerId) => ({ playerId, segmentId })),
        leave: leave.map((playerId) => ({ playerId, segmentId })),
        at,
      });
      if (mirrorAdd.length > 0) {
        await tx
          .update(players)
          .set({
            segmentIds: sql`array_append(${players.segmentIds}, ${segmentId}::int)`,
            updatedAt: at,
          })
          .where(
            and(
              inArray(players.id, mirrorAdd),
              sql`not (${segmentId}::int = any(${players.segmentIds}))`,
            ),
          );
      }
      if (mirrorRemove.length > 0) {
        await tx
          .update(players)
          .set({
            segmentIds: sql`array_remove(${players.segmentIds}, ${segmentId}::int)`,
            updatedAt: at,
          })
          .where(inArray(players.id, mirrorRemove));
      }
    },

    /**
     * The run's progress after a page: the cursor and the count move on; a short page was the
     * last, so the segment is current (its total becomes what was checked).
     */
    async advance(
      tx: Database,
      id: number,
      step: { after: string | null; checked: number; done: boolean; at: Date },
    ): Promise<void> {
      await tx
        .update(segments)
        .set(
          step.done
            ? {
                recheckState: SegmentRecheckState.Current,
                recheckAfter: null,
                recheckChecked: step.checked,
                recheckTotal: step.checked,
                recheckFinishedAt: step.at,
              }
            : { recheckAfter: step.after, recheckChecked: step.checked },
        )
        .where(eq(segments.id, id));
    },

    /**
     * The promotions still targeting the segment: enabled bonus definitions, bonus codes,
     * single quests and quest chains whose eligibility names it and whose window has not ended
     * at `at`. A disabled or ended one is history (decision 064).
     */
    async promotionsTargeting(
      tx: Database,
      segmentId: number,
      at: Date,
    ): Promise<SegmentTargetingPromotion[]> {
      const names = (eligibility: AnyPgColumn) =>
        sql`(${eligibility} -> 'segmentIds') @> jsonb_build_array(${segmentId}::int)`;
      const open = (end: AnyPgColumn) => or(isNull(end), gt(end, at));
      const definitions = await tx
        .select({ id: bonusDefinitions.id, name: bonusDefinitions.slug })
        .from(bonusDefinitions)
        .where(
          and(
            eq(bonusDefinitions.enabled, true),
            names(bonusDefinitions.eligibility),
            open(bonusDefinitions.claimUntil),
          ),
        );
      const codes = await tx
        .select({ id: bonusCodes.id, name: bonusCodes.code })
        .from(bonusCodes)
        .where(
          and(
            eq(bonusCodes.enabled, true),
            names(bonusCodes.eligibility),
            open(bonusCodes.expiresAt),
          ),
        );
      // A chain step takes its chain's eligibility: only single quests' own count.
      const singles = await tx
        .select({ id: quests.id, name: quests.identity })
        .from(quests)
        .where(
          and(
            eq(quests.enabled, true),
            isNull(quests.packageId),
            names(quests.eligibility),
            open(quests.endAt),
          ),
        );
      const chains = await tx
        .select({ id: questPackages.id, name: questPackages.identity })
        .from(questPackages)
        .where(
          and(
            eq(questPackages.enabled, true),
            names(questPackages.eligibility),
            open(questPackages.endAt),
          ),
        );
      return [
        ...definitions.map((r) => ({ kind: 'bonus-definition' as const, ...r })),
        ...codes.map((r) => ({ kind: 'bonus-code' as const, ...r })),
        ...singles.map((r) => ({ kind: 'quest' as const, ...r })),
        ...chains.map((r) => ({ kind: 'quest-chain' as const, ...r })),
      ];
    },
  };
}
export type SegmentRecheckRepo = ReturnType<typeof createSegmentRecheckRepo>;
