import { z } from 'zod';
import { QuestState } from '../constants.ts';
import { LOCALES } from '../locales.ts';
import { numberListQuery, pagedListSchema } from './player.ts';
import { serialIdParamSchema } from './serial-id.ts';

/**
 * The quests part of the retention contract (issue 15, spec §3/§4/§7 "Retention"): quest and
 * chain definitions, the player's quests and chains with their tasks, activation, and the
 * `quest.updated` / `quest.task.updated` pushes (the latter written as `quest.tasks.updated`) on `retention:quests#<playerId>`. Levels and the
 * retention account are in `loyalty.ts`. Amounts are integer minor units of their currency.
 */

export type QuestStateValue = (typeof QuestState)[keyof typeof QuestState];

/** Spec §4: active = 1–2 (manual, activated). */
export const QUEST_ACTIVE_STATES = [QuestState.Manual, QuestState.Activated] as const;
/** Spec §4: finished = 3–6 (completed, awarded, and the two not-accessible states). */
export const QUEST_FINISHED_STATES = [
  QuestState.Completed,
  QuestState.Awarded,
  QuestState.NotAccessible,
  QuestState.NotAccessibleExpired,
] as const;
/** Spec §4: active-and-finished = 1–4 (everything the player can see progress on). */
export const QUEST_VISIBLE_STATES = [
  QuestState.Manual,
  QuestState.Activated,
  QuestState.Completed,
  QuestState.Awarded,
] as const;
const ALL_QUEST_STATES = Object.values(QuestState);

/** Spec §9: player quests are read 100 at a time, chains 10 at a time. */
export const QUEST_PAGE_SIZE = 100;
export const QUEST_PACKAGE_PAGE_SIZE = 10;

/** The flags spec §3 derives from a state; a push sets them from the state (spec §4). */
export function questFlags(state: number) {
  return {
    isManual: state === QuestState.Manual,
    isActivated: state === QuestState.Activated,
    isCompleted: state === QuestState.Completed || state === QuestState.Awarded,
    isAwarded: state === QuestState.Awarded,
    isNotAccessible:
      state === QuestState.NotAccessible || state === QuestState.NotAccessibleExpired,
  };
}
export type QuestFlags = ReturnType<typeof questFlags>;

const questState = z.union(
  ALL_QUEST_STATES.map((s) => z.literal(s)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
  ],
);

const flagsShape = {
  isCompleted: z.boolean(),
  isAwarded: z.boolean(),
  isNotAccessible: z.boolean(),
  isActivated: z.boolean(),
  isManual: z.boolean(),
};

/** A text in every shipped locale (definitions are data the back office edits). */
export const localizedTextSchema = z.object(
  Object.fromEntries(LOCALES.map((l) => [l, z.string()])) as Record<
    (typeof LOCALES)[number],
    z.ZodString
  >,
);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

// ---- Definitions ----

/** The task kinds issue 15 asks for; `target` is in the unit the kind names. */
export const QUEST_TASK_KINDS = [
  /** target = rounds */
  'play-rounds',
  /** target = minor units of `currency` staked */
  'wager',
  /** target = minor units of `currency` won (payout above the stake) */
  'win',
  /** target = rounds whose payout ≥ `minMultiplier` × bet */
  'win-multiplier',
  /** target = distinct games played */
  'play-distinct-games',
  /** target = completed purchases */
  'purchase',
  /** target = distinct UTC days with a login */
  'login-days',
  /** target = 1 */
  'verify-email',
  'verify-phone',
  'verify-identity',
  'complete-profile',
] as const;
export type QuestTaskKind = (typeof QUEST_TASK_KINDS)[number];

/** What counts towards a task: a currency and (for round tasks) a set of games. */
export const questTaskRuleSchema = z.object({
  kind: z.enum(QUEST_TASK_KINDS),
  target: z.number().int().positive(),
  /** wager, win, win-multiplier, play-rounds: only rounds in this currency (null: any). */
  currency: z.string().min(2).max(5).nullable(),
  /** Round tasks: only these game identities (null: every game). */
  gameIdentities: z.array(z.string().min(1)).nullable(),
  /** Round tasks: only games of this collection (null: every game). */
  collection: z.string().min(1).nullable(),
  /** win-multiplier: the least payout ÷ bet, in hundredths (250 = 2.5×). */
  minMultiplier: z.number().int().positive().nullable(),
});
export type QuestTaskRule = z.infer<typeof questTaskRuleSchema>;

/**
 * A quest's reward. `bonus` and `freespins` issue the named bonus-engine definition (its terms:
 * amount, wagering, spins); `coins` is credited through the ledger; `points` go to the loyalty
 * account.
 */
export const questRewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bonus'), bonusSlug: z.string().min(1) }),
  z.object({ kind: z.literal('freespins'), bonusSlug: z.string().min(1) }),
  z.object({
    kind: z.literal('coins'),
    currency: z.string().min(2).max(5),
    amount: z.number().int().positive(),
  }),
  z.object({ kind: z.literal('points'), points: z.number().int().positive() }),
]);
export type QuestReward = z.infer<typeof questRewardSchema>;

/** Who may take a quest or chain; every listed condition must hold. */
export const questEligibilitySchema = z.object({
  segmentIds: z.array(z.number().int()).optional(),
  countries: z.array(z.string().length(2)).optional(),
  /** Registered within this many days. */
  newPlayersWithinDays: z.number().int().positive().optional(),
  purchasersOnly: z.boolean().optional(),
});
export type QuestEligibility = z.infer<typeof questEligibilitySchema>;

export const QUEST_ACTIVATIONS = ['auto', 'manual'] as const;
export type QuestActivation = (typeof QUEST_ACTIVATIONS)[number];

export const questTaskDefinitionSchema = questTaskRuleSchema.extend({
  id: z.number().int(),
  name: localizedTextSchema,
});
export type QuestTaskDefinition = z.infer<typeof questTaskDefinitionSchema>;

/** GET /api/retention/quests: a quest as defined (single, or one step of a chain). */
export const questDefinitionSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  image: z.string().nullable(),
  activation: z.enum(QUEST_ACTIVATIONS),
  tasks: z.array(questTaskDefinitionSchema),
  reward: questRewardSchema,
  /** The chain it is a step of, and its position there (1 first); null for a single quest. */
  packageId: z.number().int().nullable(),
  position: z.number().int().nullable(),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime().nullable(),
});
export type QuestDefinition = z.infer<typeof questDefinitionSchema>;

/** GET /api/retention/quest-packages: a chain as defined, its steps in order. */
export const questPackageDefinitionSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  image: z.string().nullable(),
  /** Paid once every step is completed, on top of the steps' own rewards; null: none. */
  reward: questRewardSchema.nullable(),
  quests: z.array(questDefinitionSchema),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime().nullable(),
});
export type QuestPackageDefinition = z.infer<typeof questPackageDefinitionSchema>;

// ---- The player's quests and chains ----

export const questTaskSchema = z.object({
  id: z.number().int(),
  questId: z.number().int(),
  playerId: z.uuid(),
  kind: z.enum(QUEST_TASK_KINDS),
  name: localizedTextSchema,
  progress: z.number().int(),
  target: z.number().int(),
  currency: z.string().nullable(),
  isCompleted: z.boolean(),
});
export type QuestTask = z.infer<typeof questTaskSchema>;

/** A player's quest: `id` is the player quest's (tasks' `questId`), `definitionId` the quest's. */
export const playerQuestSchema = z.object({
  id: z.number().int(),
  definitionId: z.number().int(),
  playerId: z.uuid(),
  state: questState,
  identity: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  image: z.string().nullable(),
  tasks: z.array(questTaskSchema),
  reward: questRewardSchema,
  /** The player's chain it belongs to and its step (1 first); null for a single quest. */
  playerPackageId: z.number().int().nullable(),
  position: z.number().int().nullable(),
  endAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  activatedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  awardedAt: z.iso.datetime().nullable(),
  ...flagsShape,
});
export type PlayerQuest = z.infer<typeof playerQuestSchema>;

export const playerQuestPackageSchema = z.object({
  id: z.number().int(),
  definitionId: z.number().int(),
  playerId: z.uuid(),
  state: questState,
  identity: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  image: z.string().nullable(),
  reward: questRewardSchema.nullable(),
  /** Every step in order; steps not reached yet are not accessible (state 5). */
  quests: z.array(playerQuestSchema),
  endAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  awardedAt: z.iso.datetime().nullable(),
  ...flagsShape,
});
export type PlayerQuestPackage = z.infer<typeof playerQuestPackageSchema>;

export const playerQuestListSchema = pagedListSchema(playerQuestSchema);
export type PlayerQuestList = z.infer<typeof playerQuestListSchema>;
export const playerQuestPackageListSchema = pagedListSchema(playerQuestPackageSchema);
export type PlayerQuestPackageList = z.infer<typeof playerQuestPackageListSchema>;
export const questDefinitionListSchema = pagedListSchema(questDefinitionSchema);
export type QuestDefinitionList = z.infer<typeof questDefinitionListSchema>;
export const questPackageDefinitionListSchema = pagedListSchema(questPackageDefinitionSchema);
export type QuestPackageDefinitionList = z.infer<typeof questPackageDefinitionListSchema>;

// ---- Queries ----

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** `state=1,2` / `state[]=1&state[]=2` (spec §4 groups: active 1–2, finished 3–6). */
export const playerQuestListQuerySchema = z.object({
  state: numberListQuery(ALL_QUEST_STATES, 'quest state'),
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(QUEST_PAGE_SIZE),
});
export type PlayerQuestListQuery = z.infer<typeof playerQuestListQuerySchema>;

export const playerQuestPackageListQuerySchema = z.object({
  state: numberListQuery(ALL_QUEST_STATES, 'quest package state'),
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(QUEST_PACKAGE_PAGE_SIZE),
});
export type PlayerQuestPackageListQuery = z.infer<typeof playerQuestPackageListQuerySchema>;

export const questDefinitionListQuerySchema = z.object({
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(QUEST_PAGE_SIZE),
});
export const questPackageDefinitionListQuerySchema = z.object({
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(QUEST_PACKAGE_PAGE_SIZE),
});

/** PUT /api/retention/quests/{id}/activate: `id` is the player quest's. */
export const playerQuestIdParamsSchema = z.object({ id: serialIdParamSchema });

// ---- Realtime (retention:quests#<playerId>) ----

/** quest.updated: a player quest changed state; the site sets the flags and refreshes the profile. */
export const questUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  quest: playerQuestSchema,
});
export type QuestUpdatedEvent = z.infer<typeof questUpdatedEventSchema>;

/** quest.task.updated: a task's progress moved; the site merges it into the matching task. */
export const questTaskUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  task: questTaskSchema,
});
export type QuestTaskUpdatedEvent = z.infer<typeof questTaskUpdatedEventSchema>;

/**
 * quest.tasks.updated, the outbox event behind the pushes (decision 073): the tasks of one player
 * that an occurrence, or a read of them, moved, in their state after it. The gateway publishes
 * one quest.task.updated per task, so the site's push is the spec's; the outbox holds one row per
 * player and read, not one per task.
 */
export const questTasksUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  tasks: z.array(questTaskSchema).min(1),
});
export type QuestTasksUpdatedEvent = z.infer<typeof questTasksUpdatedEventSchema>;
