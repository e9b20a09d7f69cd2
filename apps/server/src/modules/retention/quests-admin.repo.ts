import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { QuestState, type AdminQuestQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  playerQuestPackages,
  playerQuestTasks,
  playerQuests,
  questPackages,
  questTasks,
  quests,
} from '../../db/schema/index.ts';
import type {
  QuestPackageRow,
  QuestRow,
  QuestTaskRow,
  QuestWithTasks,
} from './quest-catalog.repo.ts';

export type NewQuest = typeof quests.$inferInsert;
export type NewQuestTask = Omit<typeof questTasks.$inferInsert, 'id' | 'questId'>;
export type NewQuestPackage = typeof questPackages.$inferInsert;
/** A quest definition with its tasks and how many players hold it. */
export type AdminQuestRecord = QuestWithTasks & { holders: number };

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// Qualified by hand: in a select of one table drizzle leaves column names bare, and a bare "id"
// inside the subquery would be player_quests' own.
const holdersOf = sql<number>`(select count(*)::int from ${playerQuests} pq
  where pq.quest_id = "quests"."id")`;

/** The back office's reads and writes of quest and chain definitions: only this file's SQL. */
export function createQuestsAdminRepo() {
  async function withTasks(
    tx: Database,
    rows: { quest: QuestRow; holders: number }[],
  ): Promise<AdminQuestRecord[]> {
    if (rows.length === 0) return [];
    const tasks = await tx
      .select()
      .from(questTasks)
      .where(
        inArray(
          questTasks.questId,
          rows.map((r) => r.quest.id),
        ),
      )
      .orderBy(asc(questTasks.position), asc(questTasks.id));
    return rows.map((r) => ({
      ...r.quest,
      holders: Number(r.holders),
      tasks: tasks.filter((t: QuestTaskRow) => t.questId === r.quest.id),
    }));
  }
  const questSelect = (tx: Database) =>
    tx.select({ quest: quests, holders: holdersOf }).from(quests);

  return {
    async listQuests(tx: Database, q: AdminQuestQuery) {
      const filters: SQL[] = [];
      if (q.q) filters.push(ilike(quests.identity, containing(q.q)));
      if (q.enabled !== undefined) filters.push(eq(quests.enabled, q.enabled));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const direction = q.order === 'asc' ? asc : desc;
      const column = {
        id: quests.id,
        identity: quests.identity,
        startAt: quests.startAt,
        endAt: quests.endAt,
        holders: holdersOf,
      }[q.sort];
      const rows = await questSelect(tx)
        .where(where)
        .orderBy(
          // Quests without an end sort last either way (they never end).
          ...(q.sort === 'endAt' ? [sql`${quests.endAt} is null`] : []),
          direction(column),
          direction(quests.id),
        )
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      const [total] = await tx.select({ n: count() }).from(quests).where(where);
      return { rows: await withTasks(tx, rows), total: total?.n ?? 0 };
    },

    async findQuest(tx: Database, id: number, lock = false) {
      const query = questSelect(tx).where(eq(quests.id, id));
      const rows = lock ? await query.for('update', { of: quests }) : await query;
      const [found] = await withTasks(tx, rows);
      return found;
    },

    /** Undefined when the identity is taken. */
    async insertQuest(tx: Database, values: NewQuest, tasks: NewQuestTask[]) {
      const [row] = await tx
        .insert(quests)
        .values(values)
        .onConflictDoNothing({ target: quests.identity })
        .returning({ id: quests.id });
      if (!row) return undefined;
      await tx.insert(questTasks).values(tasks.map((t) => ({ ...t, questId: row.id })));
      return row.id;
    },

    async updateQuest(
      tx: Database,
      id: number,
      set: Partial<Omit<NewQuest, 'id' | 'identity' | 'packageId' | 'position'>>,
    ): Promise<void> {
      await tx.update(quests).set(set).where(eq(quests.id, id));
    },

    /** A quest no player holds: its tasks replaced (no progress refers to them). */
    async replaceTasks(tx: Database, questId: number, tasks: NewQuestTask[]): Promise<void> {
      await tx.delete(questTasks).where(eq(questTasks.questId, questId));
      await tx.insert(questTasks).values(tasks.map((t) => ({ ...t, questId })));
    },

    /** A held quest: only its tasks' names change (the rules players progress on stay). */
    async renameTask(tx: Database, taskId: number, name: QuestTaskRow['name']): Promise<void> {
      await tx.update(questTasks).set({ name }).where(eq(questTasks.id, taskId));
    },

    async bonusSlugExists(tx: Database, slug: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: bonusDefinitions.id })
        .from(bonusDefinitions)
        .where(eq(bonusDefinitions.slug, slug));
      return row !== undefined;
    },

    /** Every chain, oldest first, with its steps (chains are few). */
    async listPackages(tx: Database) {
      const packages = await tx.select().from(questPackages).orderBy(asc(questPackages.id));
      if (packages.length === 0) return [];
      const steps = await withTasks(
        tx,
        await questSelect(tx)
          .where(
            inArray(
              quests.packageId,
              packages.map((p) => p.id),
            ),
          )
          .orderBy(asc(quests.position)),
      );
      return packages.map((p) => ({ ...p, steps: steps.filter((s) => s.packageId === p.id) }));
    },

    async findPackage(tx: Database, id: number, lock = false) {
      const query = tx.select().from(questPackages).where(eq(questPackages.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async stepsOf(tx: Database, packageId: number) {
      return withTasks(
        tx,
        await questSelect(tx).where(eq(quests.packageId, packageId)).orderBy(asc(quests.position)),
      );
    },

    async updatePackage(
      tx: Database,
      id: number,
      set: Partial<Omit<NewQuestPackage, 'id' | 'identity'>>,
    ): Promise<QuestPackageRow | undefined> {
      const [row] = await tx
        .update(questPackages)
        .set(set)
        .where(eq(questPackages.id, id))
        .returning();
      return row;
    },

    /** Undefined when the identity is taken. */
    async insertPackage(tx: Database, values: NewQuestPackage) {
      const [row] = await tx
        .insert(questPackages)
        .values(values)
        .onConflictDoNothing({ target: questPackages.identity })
        .returning();
      return row;
    },

    /** The quests by id, locked until commit, with how many players hold each. */
    async lockQuests(tx: Database, ids: number[]) {
      const rows = await questSelect(tx)
        .where(inArray(quests.id, ids))
        .for('update', { of: quests });
      return new Map(rows.map((r) => [r.quest.id, { ...r.quest, holders: Number(r.holders) }]));
    },

    /** Players who have joined the chain (any state). */
    async packageHolders(tx: Database, packageId: number): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(playerQuestPackages)
        .where(eq(playerQuestPackages.packageId, packageId));
      return row?.n ?? 0;
    },

    /**
     * The chain's joined players' chains, locked until commit: the engine locks a player's chain
     * before opening its next step, so no step is reached while the steps change.
     */
    async lockPlayerPackages(tx: Database, packageId: number) {
      return tx
        .select({
          id: playerQuestPackages.id,
          playerId: playerQuestPackages.playerId,
          state: playerQuestPackages.state,
        })
        .from(playerQuestPackages)
        .where(eq(playerQuestPackages.packageId, packageId))
        .orderBy(asc(playerQuestPackages.id))
        .for('update');
    },

    /** The quests, among `questIds`, that some player has reached (held in any state but 5). */
    async reachedQuests(tx: Database, questIds: number[]): Promise<Set<number>> {
      if (questIds.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ id: playerQuests.questId })
        .from(playerQuests)
        .where(
          and(
            inArray(playerQuests.questId, questIds),
            ne(playerQuests.state, QuestState.NotAccessible),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Joined players' rows for steps leaving the chain, none reached (state 5: no progress to
     * lose); their task rows go with them. Returns how many.
     */
    async dropUnreachedSteps(
      tx: Database,
      playerPackageIds: number[],
      questIds: number[],
    ): Promise<number> {
      if (playerPackageIds.length === 0 || questIds.length === 0) return 0;
      const gone = await tx
        .delete(playerQuests)
        .where(
          and(
            inArray(playerQuests.playerPackageId, playerPackageIds),
            inArray(playerQuests.questId, questIds),
            eq(playerQuests.state, QuestState.NotAccessible),
          ),
        )
        .returning({ id: playerQuests.id });
      return gone.length;
    },

    /**
     * A step added to a chain, given not reached (state 5) to the players still walking it, with
     * a progress row per task — as enrolment gives every step to a new player.
     */
    async giveStep(
      tx: Database,
      walkers: { id: number; playerId: string }[],
      questId: number,
    ): Promise<void> {
      if (walkers.length === 0) return;
      const rows = await tx
        .insert(playerQuests)
        .values(
          walkers.map((w) => ({
            questId,
            playerId: w.playerId,
            playerPackageId: w.id,
            state: QuestState.NotAccessible,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: playerQuests.id, playerId: playerQuests.playerId });
      const tasks = await tx
        .select({ id: questTasks.id })
        .from(questTasks)
        .where(eq(questTasks.questId, questId));
      const progress = rows.flatMap((r) =>
        tasks.map((t) => ({ playerQuestId: r.id, taskId: t.id, playerId: r.playerId })),
      );
      if (progress.length > 0) await tx.insert(playerQuestTasks).values(progress);
    },

    /**
     * Makes `questIds` the chain's steps in that order; its former steps not listed become
     * single quests. Cleared first: the (chain, position) key would refuse a swap in place.
     */
    async setSteps(tx: Database, packageId: number, questIds: number[]): Promise<void> {
      await tx
        .update(quests)
        .set({ packageId: null, position: null })
        .where(eq(quests.packageId, packageId));
      for (const [i, id] of questIds.entries()) {
        await tx
          .update(quests)
          .set({ packageId, position: i + 1 })
          .where(eq(quests.id, id));
      }
    },
  };
}
export type QuestsAdminRepo = ReturnType<typeof createQuestsAdminRepo>;
