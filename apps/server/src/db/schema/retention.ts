import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  LocalizedText,
  QuestActivation,
  QuestEligibility,
  QuestReward,
  QuestTaskKind,
} from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/**
 * A chain of quests (issue 15): its steps are the quests whose `package_id` names it, in
 * `position` order. Data, seeded with a demo chain; the back office edits it later.
 */
export const questPackages = pgTable('quest_packages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  identity: text('identity').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  image: text('image'),
  /** Paid once the last step is completed, on top of the steps' rewards; null: none. */
  reward: jsonb('reward').$type<QuestReward | null>(),
  eligibility: jsonb('eligibility').$type<QuestEligibility>().notNull().default({}),
  startAt: timestamptz('start_at').notNull().defaultNow(),
  endAt: timestamptz('end_at'),
  enabled: boolean('enabled').notNull().default(true),
});

/** A quest definition: a single quest, or one step of a chain (`package_id`, `position`). */
export const quests = pgTable(
  'quests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    identity: text('identity').notNull().unique(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    image: text('image'),
    activation: text('activation').$type<QuestActivation>().notNull().default('auto'),
    reward: jsonb('reward').$type<QuestReward>().notNull(),
    /** A chain step takes its chain's eligibility; this one is for single quests. */
    eligibility: jsonb('eligibility').$type<QuestEligibility>().notNull().default({}),
    packageId: integer('package_id').references(() => questPackages.id),
    position: integer('position'),
    startAt: timestamptz('start_at').notNull().defaultNow(),
    endAt: timestamptz('end_at'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('quests_package_position_idx').on(t.packageId, t.position),
    check('quests_chain_step_check', sql`(${t.packageId} is null) = (${t.position} is null)`),
  ],
);

/** What a quest asks for; all its tasks must be done. */
export const questTasks = pgTable(
  'quest_tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    questId: integer('quest_id')
      .notNull()
      .references(() => quests.id),
    position: integer('position').notNull().default(1),
    kind: text('kind').$type<QuestTaskKind>().notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    target: bigint('target', { mode: 'number' }).notNull(),
    currency: text('currency'),
    gameIdentities: jsonb('game_identities').$type<string[] | null>(),
    collection: text('collection'),
    /** win-multiplier: payout ÷ bet at least this, in hundredths. */
    minMultiplier: integer('min_multiplier'),
  },
  (t) => [
    index('quest_tasks_quest_idx').on(t.questId),
    check('quest_tasks_target_check', sql`${t.target} > 0`),
  ],
);

/** A player's chain: state per spec §4 (see decision 028 for 5 and 6). */
export const playerQuestPackages = pgTable(
  'player_quest_packages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    packageId: integer('package_id')
      .notNull()
      .references(() => questPackages.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
    awardedAt: timestamptz('awarded_at'),
  },
  (t) => [uniqueIndex('player_quest_packages_player_package_idx').on(t.playerId, t.packageId)],
);

/** A player's quest; one per player and definition. */
export const playerQuests = pgTable(
  'player_quests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    questId: integer('quest_id')
      .notNull()
      .references(() => quests.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    playerPackageId: integer('player_package_id').references(() => playerQuestPackages.id, {
      onDelete: 'cascade',
    }),
    state: smallint('state').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    activatedAt: timestamptz('activated_at'),
    completedAt: timestamptz('completed_at'),
    awardedAt: timestamptz('awarded_at'),
  },
  (t) => [
    uniqueIndex('player_quests_player_quest_idx').on(t.playerId, t.questId),
    // The event consumer reads a player's activated quests on every event.
    index('player_quests_player_state_idx').on(t.playerId, t.state),
  ],
);

/** A task's progress for one player quest. */
export const playerQuestTasks = pgTable(
  'player_quest_tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    playerQuestId: integer('player_quest_id')
      .notNull()
      .references(() => playerQuests.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => questTasks.id),
    playerId: uuid('player_id').notNull(),
    progress: bigint('progress', { mode: 'number' }).notNull().default(0),
    /** Distinct-count tasks (games, login days): the keys counted so far. */
    seen: jsonb('seen').$type<string[]>().notNull().default([]),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('player_quest_tasks_quest_task_idx').on(t.playerQuestId, t.taskId)],
);

/**
 * Which catalogue a player was last enrolled against (a digest of the live definitions' ids and
 * the facts eligibility reads): the consumer re-enrols only when it changed, not on every event.
 */
export const questEnrolments = pgTable('quest_enrolments', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  stamp: text('stamp').notNull(),
});
