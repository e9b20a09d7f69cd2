import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/prepared.ts';
import type { Database } from '../../db/client.ts';
import {
  playerQuestPackages,
  playerQuests,
  playerQuestTasks,
  questEnrolments,
  questTasks,
} from '../../db/schema/index.ts';

export type PlayerQuestRow = typeof playerQuests.$inferSelect;
export type PlayerQuestTaskRow = typeof playerQuestTasks.$inferSelect;
export type PlayerPackageRow = typeof playerQuestPackages.$inferSelect;
type Page = { page: number; perPage: number };

/** Player quests, their tasks' progress and their chains. Every method takes the transaction. */
export function createPlayerQuestsRepo() {
  const byStates = (playerId: string, states: readonly number[] | undefined): SQL | undefined =>
    and(
      eq(playerQuests.playerId, playerId),
      states && states.length > 0 ? inArray(playerQuests.state, [...states]) : undefined,
    );

  return {
    // ---- Enrolment ----

    async enrolmentStamp(tx: Database, playerId: string): Promise<string | null> {
      const [row] = await tx
        .select({ stamp: questEnrolments.stamp })
        .from(questEnrolments)
        .where(eq(questEnrolments.playerId, playerId));
      return row?.stamp ?? null;
    },

    /** `enrolmentStamp` of several players, one statement (players never enrolled are absent). */
    async enrolmentStamps(tx: Database, playerIds: string[]): Promise<Map<string, string>> {
      if (playerIds.length === 0) return new Map();
      const rows = await tx
        .select({ playerId: questEnrolments.playerId, stamp: questEnrolments.stamp })
        .from(questEnrolments)
        .where(anyOf(questEnrolments.playerId, playerIds, 'uuid'));
      return new Map(rows.map((r) => [r.playerId, r.stamp]));
    },

    async setEnrolmentStamp(tx: Database, playerId: string, stamp: string): Promise<void> {
      await tx
        .insert(questEnrolments)
        .values({ playerId, stamp })
        .onConflictDoUpdate({ target: questEnrolments.playerId, set: { stamp } });
    },

    /** The definitions the player already holds a quest (or chain) of. */
    async heldDefinitions(tx: Database, playerId: string) {
      const questIds = await tx
        .select({ id: playerQuests.questId })
        .from(playerQuests)
        .where(eq(playerQuests.playerId, playerId));
      const packageIds = await tx
        .select({ id: playerQuestPackages.packageId })
        .from(playerQuestPackages)
        .where(eq(playerQuestPackages.playerId, playerId));
      return {
        questIds: new Set(questIds.map((r) => r.id)),
        packageIds: new Set(packageIds.map((r) => r.id)),
      };
    },

    /** A chain for the player; null when another transaction made it first. */
    async insertPackage(
      tx: Database,
      row: { packageId: number; playerId: string; state: number },
    ): Promise<PlayerPackageRow | null> {
      const [inserted] = await tx
        .insert(playerQuestPackages)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    },

    /** A quest and its tasks at 0; null when the player already has it. */
    async insertQuest(
      tx: Database,
      row: {
        questId: number;
        playerId: string;
        playerPackageId: number | null;
        state: number;
        activatedAt: Date | null;
      },
      taskIds: number[],
    ): Promise<PlayerQuestRow | null> {
      const [inserted] = await tx
        .insert(playerQuests)
        .values(row)
        .onConflictDoNothing()
        .returning();
      if (!inserted) return null;
      if (taskIds.length > 0) {
        await tx.insert(playerQuestTasks).values(
          taskIds.map((taskId) => ({
            playerQuestId: inserted.id,
            taskId,
            playerId: row.playerId,
          })),
        );
      }
      return inserted;
    },

    // ---- Progress ----

    /**
     * The player's quests in these states with their tasks, locked (the consumer and the
     * requests change a player's quests one transaction at a time).
     */
    async lockQuests(tx: Database, playerId: string, where: { states?: number[]; ids?: number[] }) {
      const rows = await tx
        .select()
        .from(playerQuests)
        .where(
          and(
            byStates(playerId, where.states),
            where.ids ? inArray(playerQuests.id, where.ids) : undefined,
          ),
        )
        .orderBy(asc(playerQuests.id))
        .for('update');
      return rows;
    },

    /**
     * `lockQuests` for several players at once (a read of the outbox): their quests in these
     * states, locked in one statement in id order — the order every locker of quests uses, so
     * two transactions never wait on each other in a cycle.
     */
    async lockQuestsOfPlayers(tx: Database, playerIds: string[], states: number[]) {
      if (playerIds.length === 0) return [];
      return tx
        .select()
        .from(playerQuests)
        .where(and(inArray(playerQuests.playerId, playerIds), inArray(playerQuests.state, states)))
        .orderBy(asc(playerQuests.id))
        .for('update');
    },

    /** The tasks of these player quests with their rules, in the definition's order. */
    async tasksOf(tx: Database, playerQuestIds: number[]) {
      if (playerQuestIds.length === 0) return [];
      return tx
        .select({ progress: playerQuestTasks, rule: questTasks })
        .from(playerQuestTasks)
        .innerJoin(questTasks, eq(questTasks.id, playerQuestTasks.taskId))
        .where(inArray(playerQuestTasks.playerQuestId, playerQuestIds))
        .orderBy(asc(playerQuestTasks.playerQuestId), asc(questTasks.position), asc(questTasks.id));
    },

    /** Several tasks' progress in one statement (a round moves many quests at once). */
    async updateTasks(
      tx: Database,
      rows: { id: number; progress: number; seen: readonly string[] }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const json = JSON.stringify(rows);
      // `= any(array(…))` keeps the scan on the primary key: joined on the JSON alone, the
      // planner takes it for 100 rows and hashes a sequential scan of every player's tasks.
      await tx.execute(sql`update player_quest_tasks t
        set progress = r.progress, seen = r.seen, updated_at = now()
        from jsonb_to_recordset(${json}::jsonb) as r(id int, progress bigint, seen jsonb)
        where t.id = r.id
          and t.id = any(array(select (e->>'id')::int from jsonb_array_elements(${json}::jsonb) e))`);
    },

    async updateQuest(
      tx: Database,
      id: number,
      set: Partial<Pick<PlayerQuestRow, 'state' | 'activatedAt' | 'completedAt' | 'awardedAt'>>,
    ): Promise<PlayerQuestRow> {
      const [row] = await tx
        .update(playerQuests)
        .set(set)
        .where(eq(playerQuests.id, id))
        .returning();
      if (!row) throw new Error(`player quest ${id} vanished`);
      return row;
    },

    // ---- Chains ----

    async lockPackage(tx: Database, id: number): Promise<PlayerPackageRow | undefined> {
      const [row] = await tx
        .select()
        .from(playerQuestPackages)
        .where(eq(playerQuestPackages.id, id))
        .for('update');
      return row;
    },

    async updatePackage(
      tx: Database,
      id: number,
      set: Partial<Pick<PlayerPackageRow, 'state' | 'completedAt' | 'awardedAt'>>,
    ): Promise<PlayerPackageRow> {
      const [row] = await tx
        .update(playerQuestPackages)
        .set(set)
        .where(eq(playerQuestPackages.id, id))
        .returning();
      if (!row) throw new Error(`player quest package ${id} vanished`);
      return row;
    },

    /** A chain's player quests (steps), in no particular order (the caller sorts by position). */
    async questsOfPackages(tx: Database, playerPackageIds: number[]): Promise<PlayerQuestRow[]> {
      if (playerPackageIds.length === 0) return [];
      return tx
        .select()
        .from(playerQuests)
        .where(inArray(playerQuests.playerPackageId, playerPackageIds))
        .orderBy(asc(playerQuests.id));
    },

    // ---- Reading ----

    /** The player's quests of these states (all when empty), newest first, one page. */
    async listQuests(tx: Database, playerId: string, states: number[], page: Page) {
      const where = byStates(playerId, states);
      const rows = await tx
        .select()
        .from(playerQuests)
        .where(where)
        .orderBy(desc(playerQuests.createdAt), desc(playerQuests.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [counted] = await tx.select({ n: count() }).from(playerQuests).where(where);
      return { rows, totalRows: counted?.n ?? 0 };
    },

    async listPackages(tx: Database, playerId: string, states: number[], page: Page) {
      const where = and(
        eq(playerQuestPackages.playerId, playerId),
        states.length > 0 ? inArray(playerQuestPackages.state, states) : undefined,
      );
      const rows = await tx
        .select()
        .from(playerQuestPackages)
        .where(where)
        .orderBy(desc(playerQuestPackages.createdAt), desc(playerQuestPackages.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [counted] = await tx.select({ n: count() }).from(playerQuestPackages).where(where);
      return { rows, totalRows: counted?.n ?? 0 };
    },

    // ---- Expiry ----

    /**
     * Up to `limit` player quests still open (1, 2, 5) whose definition ended before `now`,
     * locked, skipping rows another transaction holds (the next run takes them).
     */
    async lockEnded(tx: Database, now: Date, limit: number): Promise<PlayerQuestRow[]> {
      const result: unknown = await tx.execute(sql`
        select pq.id from player_quests pq join quests q on q.id = pq.quest_id
        where pq.state in (1, 2, 5) and q.end_at is not null and q.end_at <= ${now.toISOString()}
        order by pq.id limit ${limit} for update of pq skip locked`);
      const ids = (result as { rows: { id: unknown }[] }).rows.map((r) => Number(r.id));
      if (ids.length === 0) return [];
      return tx.select().from(playerQuests).where(inArray(playerQuests.id, ids));
    },
  };
}
export type PlayerQuestsRepo = ReturnType<typeof createPlayerQuestsRepo>;
