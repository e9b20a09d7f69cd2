import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminBundle, AdminCatalogGame, AdminCatalogGameQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bundles,
  gameCollectionGames,
  gameCollections,
  gameProviders,
  games,
} from '../../db/schema/index.ts';

type GameBase = Omit<AdminCatalogGame, 'collections'>;
const gameColumns = {
  id: games.id,
  identity: games.identity,
  name: games.name,
  provider: gameProviders.identity,
  enabled: games.enabled,
  position: games.position,
  countries: games.countries,
};
/** A LIKE pattern matching the text literally, as a prefix. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The catalog and the shop as staff edit them (decision 043): games, collections and bundles,
 * the tables the game and shop modules read for the player site (no cache in between).
 */
export function createCatalogAdminRepo() {
  async function collectionsOf(tx: Database, gameIds: number[]) {
    if (gameIds.length === 0) return new Map<number, string[]>();
    const rows = await tx
      .select({ gameId: gameCollectionGames.gameId, identity: gameCollections.identity })
      .from(gameCollectionGames)
      .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
      .where(inArray(gameCollectionGames.gameId, gameIds))
      .orderBy(asc(gameCollections.position), asc(gameCollections.id));
    const map = new Map<number, string[]>();
    for (const row of rows) map.set(row.gameId, [...(map.get(row.gameId) ?? []), row.identity]);
    return map;
  }
  const withCollections = async (tx: Database, rows: GameBase[]) => {
    const map = await collectionsOf(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, collections: map.get(r.id) ?? [] }));
  };

  return {
    /** Every game of a listed provider, enabled or not, in lobby order. */
    async listGames(tx: Database, query: AdminCatalogGameQuery) {
      const filters: SQL[] = [eq(gameProviders.hidden, false)];
      if (query.q) {
        filters.push(
          or(ilike(games.name, prefix(query.q)), ilike(games.identity, prefix(query.q)))!,
        );
      }
      if (query.enabled) filters.push(eq(games.enabled, query.enabled === '1'));
      const where = and(...filters);
      const rows = await tx
        .select(gameColumns)
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .where(where)
        .orderBy(asc(games.position), asc(games.name), asc(games.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx
        .select({ n: count() })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .where(where);
      return { rows: await withCollections(tx, rows), total: total?.n ?? 0 };
    },
    /** One game, its row locked for the change. */
    async lockGame(tx: Database, id: number): Promise<AdminCatalogGame | undefined> {
      const [row] = await tx
        .select(gameColumns)
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .where(and(eq(games.id, id), eq(gameProviders.hidden, false)))
        .for('update', { of: games });
      return row && (await withCollections(tx, [row]))[0];
    },
    async updateGame(
      tx: Database,
      id: number,
      values: { enabled?: boolean; position?: number; countries?: string[] },
    ) {
      if (Object.keys(values).length > 0)
        await tx.update(games).set(values).where(eq(games.id, id));
    },
    /** The ids of these collection identities (unknown ones are left out). */
    async collectionIds(tx: Database, identities: string[]) {
      if (identities.length === 0) return new Map<string, number>();
      const rows = await tx
        .select({ id: gameCollections.id, identity: gameCollections.identity })
        .from(gameCollections)
        .where(inArray(gameCollections.identity, identities));
      return new Map(rows.map((r) => [r.identity, r.id]));
    },
    /** The game's memberships become exactly these; a kept one keeps its place in the list. */
    async setMemberships(tx: Database, gameId: number, collectionIds: number[]) {
      const gone = eq(gameCollectionGames.gameId, gameId);
      await tx
        .delete(gameCollectionGames)
        .where(
          collectionIds.length > 0
            ? and(gone, notInArray(gameCollectionGames.collectionId, collectionIds))
            : gone,
        );
      if (collectionIds.length === 0) return;
      const [game] = await tx
        .select({ position: games.position })
        .from(games)
        .where(eq(games.id, gameId));
      await tx
        .insert(gameCollectionGames)
        .values(
          collectionIds.map((collectionId) => ({
            collectionId,
            gameId,
            position: game?.position ?? 0,
          })),
        )
        .onConflictDoNothing();
    },

    async listCollections(tx: Database) {
      return tx
        .select({
          id: gameCollections.id,
          identity: gameCollections.identity,
          name: gameCollections.name,
          countries: gameCollections.countries,
          position: gameCollections.position,
          games: sql<number>`(select count(*)::int from ${gameCollectionGames} where ${gameCollectionGames.collectionId} = ${gameCollections.id})`,
        })
        .from(gameCollections)
        .orderBy(asc(gameCollections.position), asc(gameCollections.id));
    },
    async lockCollection(tx: Database, id: number) {
      const [row] = await tx
        .select()
        .from(gameCollections)
        .where(eq(gameCollections.id, id))
        .for('update');
      return row;
    },
    async updateCollection(
      tx: Database,
      id: number,
      values: { name?: string; countries?: string[]; position?: number },
    ) {
      await tx.update(gameCollections).set(values).where(eq(gameCollections.id, id));
    },
    async countMembers(tx: Database, collectionId: number): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(gameCollectionGames)
        .where(eq(gameCollectionGames.collectionId, collectionId));
      return row?.n ?? 0;
    },

    async listBundles(tx: Database) {
      return tx.select().from(bundles).orderBy(asc(bundles.position), asc(bundles.id));
    },
    async lockBundle(tx: Database, id: number) {
      const [row] = await tx.select().from(bundles).where(eq(bundles.id, id)).for('update');
      return row;
    },
    async updateBundle(
      tx: Database,
      id: number,
      values: Partial<
        Pick<AdminBundle, 'priceAmount' | 'goldCoins' | 'sweepsCoins' | 'active' | 'position'> & {
          startsAt: Date | null;
          endsAt: Date | null;
        }
      >,
    ) {
      await tx.update(bundles).set(values).where(eq(bundles.id, id));
    },
  };
}
export type CatalogAdminRepo = ReturnType<typeof createCatalogAdminRepo>;
