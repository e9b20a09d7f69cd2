import type { SegmentCondition, SegmentRule } from '@coinfall/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rules read about one player (decision 050). */
export interface PlayerFacts {
  registeredAt: Date;
  /** The latest sign-in (registration opens a session too); null: never signed in. */
  lastSignInAt: Date | null;
  hasSettledPurchase: boolean;
  /** The flag segments the player is in today (players.segment_ids minus rule segments). */
  isTester: boolean;
  w9Required: boolean;
  w9Received: boolean;
  /** The loyalty level's position (1 = first); 0 before the first points. */
  loyaltyLevel: number;
  /** ISO 3166-1 alpha-2 as the profile holds it; null when not given. */
  country: string | null;
}

export interface RuleSegment {
  id: number;
  rule: SegmentRule;
}

/** Whether one condition holds for the player at `now`. */
export function conditionHolds(c: SegmentCondition, facts: PlayerFacts, now: Date): boolean {
  switch (c.kind) {
    case 'purchaser':
      return facts.hasSettledPurchase;
    case 'testUser':
      return facts.isTester;
    case 'w9Required':
      return facts.w9Required;
    case 'w9Received':
      return facts.w9Received;
    case 'new':
      return now.getTime() - facts.registeredAt.getTime() < c.days * DAY_MS;
    case 'loyaltyLevel':
      return facts.loyaltyLevel >= c.atLeast;
    case 'inactive': {
      // Never signed in counts from registration: the account has been idle since then.
      const last = facts.lastSignInAt ?? facts.registeredAt;
      return now.getTime() - last.getTime() >= c.days * DAY_MS;
    }
    case 'country':
      return facts.country !== null && c.in.includes(facts.country.toUpperCase());
  }
}

/** A rule holds when every one of its conditions does. */
export function ruleHolds(rule: SegmentRule, facts: PlayerFacts, now: Date): boolean {
  return rule.every((c) => conditionHolds(c, facts, now));
}

/** The ids of the rule segments the player belongs in, ascending. */
export function matchingSegmentIds(
  segments: readonly RuleSegment[],
  facts: PlayerFacts,
  now: Date,
): number[] {
  return segments
    .filter((s) => ruleHolds(s.rule, facts, now))
    .map((s) => s.id)
    .sort((a, b) => a - b);
}

/**
 * What to change so the player's rule memberships are `wanted`: rows to add and to remove.
 * Flag segments are not looked at (their code owns them), so `current` holds only rule ids.
 */
export function membershipChanges(
  current: readonly number[],
  wanted: readonly number[],
): { join: number[]; leave: number[] } {
  return {
    join: wanted.filter((id) => !current.includes(id)),
    leave: current.filter((id) => !wanted.includes(id)),
  };
}

/**
 * The player's segment_ids once rule membership is `wanted`: the flag ids as they were (in
 * their order), then the wanted rule ids; ids of rule segments not wanted are dropped.
 */
export function mergedSegmentIds(
  segmentIds: readonly number[],
  ruleSegmentIds: readonly number[],
  wanted: readonly number[],
): number[] {
  const flags = segmentIds.filter((id) => !ruleSegmentIds.includes(id));
  return [...new Set([...flags, ...wanted])];
}

/**
 * Whether staff may edit a segment's rule, name and description (decision 062): rule segments
 * only, and not those whose members code reads as a flag (Purchasers: the payer adds to it and
 * the purchaser fact reads it, so another rule would take purchasers out of it).
 */
export function segmentEditable(
  segment: { id: number; rule: SegmentRule | null; retiredAt?: Date | null },
  codeOwnedIds: readonly number[],
): boolean {
  return segment.rule !== null && !codeOwnedIds.includes(segment.id) && !segment.retiredAt;
}

/** One player of a re-check's page: their facts and the segment ids they have now. */
export interface PagePlayer {
  playerId: string;
  segmentIds: readonly number[];
  facts: PlayerFacts;
}

/**
 * What one page of a segment's re-check changes (decision 064): `join` / `leave` the membership
 * rows, `mirrorAdd` / `mirrorRemove` the segment id in players.segment_ids. `rule` null: the
 * segment is retired and wants no one. The two are computed apart so a mirror out of step with
 * the rows (written before the rows existed) is mended too.
 */
export function segmentPageChanges(
  segmentId: number,
  rule: SegmentRule | null,
  page: readonly PagePlayer[],
  memberIds: ReadonlySet<string>,
  now: Date,
): { join: string[]; leave: string[]; mirrorAdd: string[]; mirrorRemove: string[] } {
  const changes = { join: [] as string[], leave: [] as string[], mirrorAdd: [] as string[] };
  const mirrorRemove: string[] = [];
  for (const p of page) {
    const wanted = rule !== null && ruleHolds(rule, p.facts, now);
    const member = memberIds.has(p.playerId);
    const mirrored = p.segmentIds.includes(segmentId);
    if (wanted && !member) changes.join.push(p.playerId);
    if (!wanted && member) changes.leave.push(p.playerId);
    if (wanted && !mirrored) changes.mirrorAdd.push(p.playerId);
    if (!wanted && mirrored) mirrorRemove.push(p.playerId);
  }
  return { ...changes, mirrorRemove };
}
