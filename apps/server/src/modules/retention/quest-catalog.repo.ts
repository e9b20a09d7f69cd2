import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  gameCollectionGames,
  gameCollections,
  games,
  players,
  questPackages,
  questTasks,
  quests,
} from '../../db/schema/index.ts';

export type QuestRow = typeof quests.$inferSelect;
export type QuestTaskRow = typeof questTasks.$inferSelect;
export type QuestPackageRow = typeof questPackages.$inferSelect;
/** A quest definition with its tasks in order. */
export type QuestWithTasks = QuestRow & { tasks: QuestTaskRow[] };

/** Quest and chain definitions (data the back office edits), and the facts eligibility reads. */
export function createQuestCatalogRepo() {
  async function withTasks(tx: Database, rows: QuestRow[]): Promise<QuestWithTasks[]> {
    if (rows.length === 0) return [];
    const tasks = await tx
      .select()
      .from(questTasks)
      .where(
        inArray(
          questTasks.questId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(questTasks.questId), asc(questTasks.position), asc(questTasks.id));
    return rows.map((r) => ({ ...r, tasks: tasks.filter((t) => t.questId === r.id) }));
  }

  return {
    /** Every enabled definition (the service filters by time and caches it briefly). */
    async listEnabled(tx: Database): Promise<{
      quests: QuestWithTasks[];
      packages: QuestPackageRow[];
    }> {
      const rows = await tx
        .select()
        .from(quests)
        .where(eq(quests.enabled, true))
        .orderBy(asc(quests.id));
      const packages = await tx
        .select()
        .from(questPackages)
        .where(eq(questPackages.enabled, true))
        .orderBy(asc(questPackages.id));
      return { quests: await withTasks(tx, rows), packages };
    },

    /** Single quests (not chain steps), one page, oldest first. */
    async listSingleQuests(tx: Database, page: { page: number; perPage: number }) {
      const where = and(eq(quests.enabled, true), isNull(quests.packageId));
      const rows = await tx
        .select()
        .from(quests)
        .where(where)
        .orderBy(asc(quests.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [counted] = await tx.select({ n: count() }).from(quests).where(where);
      return { rows: await withTasks(tx, rows), totalRows: counted?.n ?? 0 };
    },

    async listPackages(tx: Database, page: { page: number; perPage: number }) {
      const rows = await tx
        .select()
        .from(questPackages)
        .where(eq(questPackages.enabled, true))
        .orderBy(asc(questPackages.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [counted] = await tx
        .select({ n: count() })
        .from(questPackages)
        .where(eq(questPackages.enabled, true));
      return { rows, totalRows: counted?.n ?? 0 };
    },

    /** The steps of these chains, in order. */
    async listSteps(tx: Database, packageIds: number[]): Promise<QuestWithTasks[]> {
      if (packageIds.length === 0) return [];
      const rows = await tx
        .select()
        .from(quests)
        .where(and(inArray(quests.packageId, packageIds), isNotNull(quests.position)))
        .orderBy(asc(quests.packageId), asc(quests.position));
      return withTasks(tx, rows);
    },

    async findQuests(tx: Database, ids: number[]): Promise<QuestWithTasks[]> {
      if (ids.length === 0) return [];
      return withTasks(tx, await tx.select().from(quests).where(inArray(quests.id, ids)));
    },

    async findPackages(tx: Database, ids: number[]): Promise<QuestPackageRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(questPackages).where(inArray(questPackages.id, ids));
    },

    async playerFacts(tx: Database, playerId: string) {
      const [row] = await tx
        .select({
          registeredAt: players.createdAt,
          country: players.country,
          segmentIds: players.segmentIds,
          excludedUntil: players.excludedUntil,
        })
        .from(players)
        .where(eq(players.id, playerId));
      return row;
    },

    /** The identities of the collections a game is in (round tasks limited to a collection). */
    async collectionsOfGame(tx: Database, gameIdentity: string): Promise<string[]> {
      const rows = await tx
        .select({ identity: gameCollections.identity })
        .from(gameCollectionGames)
        .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
        .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
        .where(eq(games.identity, gameIdentity));
      return rows.map((r) => r.identity);
    },
  };
}
export type QuestCatalogRepo = ReturnType<typeof createQuestCatalogRepo>;
