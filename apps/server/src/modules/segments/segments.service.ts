import type {
  AdminSegment,
  AdminSegmentBody,
  AdminSegmentRetireBody,
  AdminSegmentList,
  PlayerSegmentList,
  SegmentList,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { SEGMENT_IDS } from '../../db/seed/reference-data.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import {
  matchingSegmentIds,
  membershipChanges,
  mergedSegmentIds,
  segmentEditable,
} from './segments.fns.ts';
import type { SegmentRecheckRepo } from './segment-recheck.repo.ts';
import type { SegmentRow, SegmentsRepo } from './segments.repo.ts';

/** Rule segments whose members code reads as a flag: never edited by staff (decision 062). */
const CODE_OWNED_SEGMENT_IDS: readonly number[] = [SEGMENT_IDS.purchasers];

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

const toAdminSegment = (row: SegmentRow, members: number): AdminSegment => ({
  id: row.id,
  name: row.name,
  description: row.description,
  rule: row.rule ?? null,
  editable: segmentEditable(
    { id: row.id, rule: row.rule ?? null, retiredAt: row.retiredAt },
    CODE_OWNED_SEGMENT_IDS,
  ),
  members,
  rulesVersion: row.rulesVersion,
  state: row.recheckState,
  progress: { checked: row.recheckChecked, total: row.recheckTotal },
  recheckStartedAt: iso(row.recheckStartedAt),
  recheckFinishedAt: iso(row.recheckFinishedAt),
  retiredAt: iso(row.retiredAt),
});

/** Why staff may not change (edit or retire) this segment, or null when they may. */
function notEditableReason(row: SegmentRow): string | null {
  if (row.retiredAt) return `“${row.name}” is retired: kept for history, not changed`;
  if (row.rule === null) {
    return `“${row.name}” is a flag segment: its members are written by code, not a rule`;
  }
  if (CODE_OWNED_SEGMENT_IDS.includes(row.id)) {
    return `“${row.name}” is kept by code (the payer’s purchaser flag): its rule stays`;
  }
  return null;
}

/** Players per transaction of the time-based sweep. */
const SWEEP_PAGE = 100;

/**
 * Segments (spec §3): flags that change behaviour for the players listed in them, and
 * rule-based segments (decision 050) whose membership this service keeps current.
 */
export function createSegmentsService(deps: {
  repo: SegmentsRepo;
  /** The request pool: staff edits. */
  db: Database;
  /** The pool the sweep writes on (background, decision 013). */
  background: Database;
  audit: Pick<AuditRepo, 'recordChange'>;
  /** The background re-check's SQL (the retirement's reference check). */
  recheckRepo: Pick<SegmentRecheckRepo, 'promotionsTargeting'>;
  /** Starts the background re-check on this node after a write commits (decision 064). */
  nudgeRecheck: () => void;
  now: () => Date;
}) {
  const { repo, now } = deps;

  /**
   * Brings one player's rule memberships in line with their data, in `tx`. Idempotent: a second
   * run with the same data changes nothing (a membership keeps its first `since`).
   */
  async function refreshPlayer(tx: Database, playerId: string): Promise<void> {
    const snapshot = await repo.lockSnapshot(tx, playerId);
    if (!snapshot) return;
    const rules = await repo.ruleSegments(tx);
    const at = now();
    // A retired segment wants no one; its id stays a rule id so the merge drops it.
    const active = rules.filter((r) => !r.retired);
    const wanted = matchingSegmentIds(active, snapshot.facts, at);
    const { join, leave } = membershipChanges(await repo.membershipIds(tx, playerId), wanted);
    const ruleIds = rules.map((r) => r.id);
    const merged = mergedSegmentIds(snapshot.segmentIds, ruleIds, wanted);
    const mirrorChanged =
      merged.length !== snapshot.segmentIds.length ||
      merged.some((id) => !snapshot.segmentIds.includes(id));
    if (join.length === 0 && leave.length === 0 && !mirrorChanged) return;
    await repo.applyMembership(tx, {
      playerId,
      join,
      leave,
      segmentIds: mirrorChanged ? merged : null,
      at,
    });
  }

  /**
   * The time-based rules (new, inactive) change with the clock, not with an event: walks every
   * player, a page per transaction. Leader-only (housekeeping), so once across nodes; the row
   * lock keeps it apart from an event's refresh of the same player. Returns players looked at.
   */
  async function refreshAll(): Promise<number> {
    let after: string | null = null;
    let seen = 0;
    for (;;) {
      const page: string[] = await deps.background.transaction(async (tx) => {
        const ids = await repo.playerIdsAfter(tx, after, SWEEP_PAGE);
        for (const id of ids) await refreshPlayer(tx, id);
        return ids;
      });
      seen += page.length;
      if (page.length < SWEEP_PAGE) return seen;
      after = page[page.length - 1]!;
    }
  }

  /**
   * After a staff write commits: the answer shows the segment re-checking (the run for its new
   * rules version starts at 0), and the background job starts on this node (decision 064).
   */
  async function saved(row: SegmentRow): Promise<AdminSegment> {
    const answer = toAdminSegment(row, await repo.memberCount(deps.db, row.id));
    deps.nudgeRecheck();
    return answer;
  }

  return {
    async list(): Promise<SegmentList> {
      const rows = await repo.list();
      return {
        data: rows.map((s) => ({
          id: s.id,
          name: s.name,
          itHasPurchases: s.itHasPurchases,
          isForTesting: s.isForTesting,
          w9Required: s.w9Required,
          w9Received: s.w9Received,
        })),
      };
    },

    refreshPlayer,

    /**
     * Each distinct player once (a read of events, decision 044), in id order: each refresh
     * locks its player's row until commit, and every locker of several players takes them in id
     * order (the rounds' batches, loyalty), so none waits on another in a cycle.
     */
    async refreshPlayers(tx: Database, playerIds: readonly string[]): Promise<void> {
      for (const id of [...new Set(playerIds)].sort()) await refreshPlayer(tx, id);
    },

    refreshAll,

    /** The back office's view of one player's segments. */
    async playerSegments(playerId: string): Promise<PlayerSegmentList> {
      const rows = await repo.playerSegments(playerId);
      if (!rows) throw AppError.notFound('Player');
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          rule: r.rule ?? null,
          since: r.since ? r.since.toISOString() : null,
        })),
      };
    },

    /** The back office's list: every segment, its rule (null: a flag) and members now. */
    async adminList(): Promise<AdminSegmentList> {
      const rows = await repo.listWithMembers();
      return { data: rows.map((r) => toAdminSegment(r, r.members)) };
    },

    async adminSegment(id: number): Promise<AdminSegment> {
      const row = (await repo.listWithMembers()).find((r) => r.id === id);
      if (!row) throw AppError.notFound('Segment');
      return toAdminSegment(row, row.members);
    },

    /** A new rule segment; its members are evaluated before the answer. Audited. */
    async createRuleSegment(actor: StaffActor, body: AdminSegmentBody): Promise<AdminSegment> {
      const { reason, ...terms } = body;
      const row = await deps.db.transaction(async (tx) => {
        const created = await repo.insertRuleSegment(tx, terms, now());
        await deps.audit.recordChange(
          tx,
          actor,
          'segment.created',
          { type: 'segment', id: created.id },
          { before: null, after: terms, reason },
        );
        return created;
      });
      return saved(row);
    },

    /**
     * A rule segment's new name, description and rule; flag segments and Purchasers are refused
     * (SEGMENT_NOT_EDITABLE). Members are re-evaluated before the answer. Audited.
     */
    async updateRuleSegment(
      actor: StaffActor,
      id: number,
      body: AdminSegmentBody,
    ): Promise<AdminSegment> {
      const { reason, ...terms } = body;
      const row = await deps.db.transaction(async (tx) => {
        const before = await repo.lockSegment(tx, id);
        if (!before) throw AppError.notFound('Segment');
        const refusal = notEditableReason(before);
        if (refusal) throw new AppError('SEGMENT_NOT_EDITABLE', refusal);
        const updated = await repo.updateRuleSegment(tx, id, terms, now());
        await deps.audit.recordChange(
          tx,
          actor,
          'segment.updated',
          { type: 'segment', id },
          {
            before: { name: before.name, description: before.description, rule: before.rule },
            after: terms,
            reason,
          },
        );
        return updated;
      });
      return saved(row);
    },
    /**
     * Retires a rule segment (decision 064): kept for history, its members taken out by the
     * background re-check, never edited again. Refused for flag segments and Purchasers
     * (SEGMENT_NOT_EDITABLE) and while an enabled, unended promotion targets it
     * (SEGMENT_IN_USE, naming them). Audited.
     */
    async retireSegment(
      actor: StaffActor,
      id: number,
      body: AdminSegmentRetireBody,
    ): Promise<AdminSegment> {
      const row = await deps.db.transaction(async (tx) => {
        const before = await repo.lockSegment(tx, id);
        if (!before) throw AppError.notFound('Segment');
        const refusal = notEditableReason(before);
        if (refusal) throw new AppError('SEGMENT_NOT_EDITABLE', refusal);
        const at = now();
        const promotions = await deps.recheckRepo.promotionsTargeting(tx, id, at);
        if (promotions.length > 0) {
          const named = promotions.map((p) => `${p.kind} “${p.name}”`).join(', ');
          throw new AppError(
            'SEGMENT_IN_USE',
            `“${before.name}” is still targeted by ${named}: change their eligibility first`,
            { promotions },
          );
        }
        const retired = await repo.retire(tx, id, at);
        await deps.audit.recordChange(
          tx,
          actor,
          'segment.retired',
          { type: 'segment', id },
          {
            before: { name: before.name, rule: before.rule, retiredAt: null },
            after: { retiredAt: at.toISOString() },
            reason: body.reason,
          },
        );
        return retired;
      });
      return saved(row);
    },
  };
}
export type SegmentsService = ReturnType<typeof createSegmentsService>;
