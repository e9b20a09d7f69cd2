import { z } from 'zod';
import { staffReasonSchema } from './admin.ts';

/**
 * One condition of a rule-based segment (issue 19, decision 050). A segment's rule is a list of
 * them that must all hold. Facts come from the player's data: the flags are today's segments
 * (test users, W-9 required / received, written by the code that decides them), the rest from
 * the player's purchases, sessions, loyalty account and profile.
 */
export const segmentConditionSchema = z.discriminatedUnion('kind', [
  /** Has at least one completed (settled) bundle purchase. */
  z.object({ kind: z.literal('purchaser') }),
  /** In the test-users segment (a flag staff or tooling set). */
  z.object({ kind: z.literal('testUser') }),
  z.object({ kind: z.literal('w9Required') }),
  z.object({ kind: z.literal('w9Received') }),
  /** Registered less than `days` days ago. */
  z.object({ kind: z.literal('new'), days: z.number().int().positive() }),
  /** The loyalty level's position (1 = the first level) is at least `atLeast`. */
  z.object({ kind: z.literal('loyaltyLevel'), atLeast: z.number().int().positive() }),
  /** No sign-in (or registration) for at least `days` days. */
  z.object({ kind: z.literal('inactive'), days: z.number().int().positive() }),
  /** The profile's country (ISO 3166-1 alpha-2) is one of these. */
  z.object({
    kind: z.literal('country'),
    in: z.array(z.string().length(2).toUpperCase()).min(1),
  }),
]);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

/** A segment's rule: every condition must hold; at least one. */
export const segmentRuleSchema = z.array(segmentConditionSchema).min(1);
export type SegmentRule = z.infer<typeof segmentRuleSchema>;

/** A player's membership of one segment, as the back office shows it. */
export const playerSegmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for a flag segment (its members are written by the code that decides them). */
  rule: segmentRuleSchema.nullable(),
  /** When the player joined; null for a flag segment (no date was kept). */
  since: z.iso.datetime().nullable(),
});
export type PlayerSegment = z.infer<typeof playerSegmentSchema>;
export const playerSegmentListSchema = z.object({ data: z.array(playerSegmentSchema) });
export type PlayerSegmentList = z.infer<typeof playerSegmentListSchema>;

// ---- Back office: the segment rule editor (decision 062) ----

/**
 * Where a rule segment's membership stands (decision 064): `current` once every player has been
 * evaluated against its rule; `re-checking` while the background job walks the players after a
 * create, an edit or a retirement.
 */
export const SegmentRecheckState = { Current: 'current', Rechecking: 're-checking' } as const;
export const SEGMENT_RECHECK_STATES = [
  SegmentRecheckState.Current,
  SegmentRecheckState.Rechecking,
] as const;
export type SegmentRecheckStateValue = (typeof SEGMENT_RECHECK_STATES)[number];

/** A segment as the back office lists and edits it. */
export const adminSegmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Null for a flag segment (its members are written by the code that decides them). */
  rule: segmentRuleSchema.nullable(),
  /** False for flag segments and for Purchasers (code depends on its members): read only. */
  editable: z.boolean(),
  /** Players in it now (players.segment_ids). */
  members: z.number().int(),
  /** Bumped by every edit of the rule (and by the retirement): the re-check runs for it. */
  rulesVersion: z.number().int(),
  state: z.enum(SEGMENT_RECHECK_STATES),
  /**
   * The latest re-check's progress: players evaluated of those there were when it started
   * (`checked` may pass `total` by the players registered meanwhile; the screen caps it).
   */
  progress: z.object({ checked: z.number().int(), total: z.number().int() }),
  /** When the re-check for this rules version began and ended; null before the first. */
  recheckStartedAt: z.iso.datetime().nullable(),
  recheckFinishedAt: z.iso.datetime().nullable(),
  /** Set once retired: kept for history, no members, hidden from targeting, not editable. */
  retiredAt: z.iso.datetime().nullable(),
});
export type AdminSegment = z.infer<typeof adminSegmentSchema>;
export const adminSegmentListSchema = z.object({ data: z.array(adminSegmentSchema) });
export type AdminSegmentList = z.infer<typeof adminSegmentListSchema>;

/** A rule segment's terms as staff write them, with why (kept in the audit log). */
export const adminSegmentBodySchema = z.object({
  name: z.string().trim().min(1, 'Required').max(64),
  description: z.string().trim().max(500).default(''),
  rule: segmentRuleSchema,
  reason: staffReasonSchema,
});
export type AdminSegmentBody = z.infer<typeof adminSegmentBodySchema>;

/** Why a segment is retired (kept in the audit log). */
export const adminSegmentRetireBodySchema = z.object({ reason: staffReasonSchema });
export type AdminSegmentRetireBody = z.infer<typeof adminSegmentRetireBodySchema>;

/** A promotion that names a segment in its eligibility: SEGMENT_IN_USE's details. */
export const segmentTargetingPromotionSchema = z.object({
  kind: z.enum(['bonus-definition', 'bonus-code', 'quest', 'quest-chain']),
  id: z.number().int(),
  /** The slug, code or identity staff know it by. */
  name: z.string(),
});
export type SegmentTargetingPromotion = z.infer<typeof segmentTargetingPromotionSchema>;
