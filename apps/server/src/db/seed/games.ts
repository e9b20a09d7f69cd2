import { sql } from 'drizzle-orm';
import {
  CATALOG_COLLECTIONS,
  CATALOG_GAMES,
  CATALOG_PROVIDERS,
  engineOf,
  type GameEngine,
} from '@coinfall/shared/games/index';
import type { Database } from '../client.ts';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../schema/index.ts';
import { engineFigures, MISSING_ENGINE_RTP } from './games.fns.ts';

type EngineLookup = (key: string) => Pick<GameEngine, 'rtp' | 'volatility'> | undefined;

/**
 * The studio catalog, run at every start. Providers and collections are only added, and a
 * membership only with its new game or new collection (staff edit them, decision 043); a game's engine, RTP and volatility always follow the engine's own figures, and a game
 * whose engine is missing is switched off (RTP 0.000) until it lands, then switched on again.
 * Names, order, popularity and a switch-off by an operator (a real RTP) are left as they are.
 */
export async function seedGames(tx: Database, lookup: EngineLookup = engineOf): Promise<void> {
  await tx
    .insert(gameProviders)
    .values(
      CATALOG_PROVIDERS.map((p) => ({
        identity: p.identity,
        name: p.name,
        hidden: p.hidden ?? false,
      })),
    )
    .onConflictDoNothing({ target: gameProviders.identity });
  const newCollections = await tx
    .insert(gameCollections)
    .values(CATALOG_COLLECTIONS.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing({ target: gameCollections.identity })
    .returning({ identity: gameCollections.identity });
  const isNewCollection = new Set(newCollections.map((c) => c.identity));

  const providerIds = new Map(
    (
      await tx
        .select({ id: gameProviders.id, identity: gameProviders.identity })
        .from(gameProviders)
    ).map((p) => [p.identity, p.id]),
  );
  const seeded = await tx
    .insert(games)
    .values(
      CATALOG_GAMES.map((g, position) => {
        const providerId = providerIds.get(g.provider);
        if (providerId === undefined)
          throw new Error(`catalog game ${g.identity}: no provider ${g.provider}`);
        return {
          identity: g.identity,
          name: g.name,
          providerId,
          kind: g.kind,
          engine: g.engine,
          ...engineFigures(lookup(g.engine)),
          isNew: g.isNew ?? false,
          position,
          popularity: g.popularity,
        };
      }),
    )
    .onConflictDoUpdate({
      target: games.identity,
      set: {
        engine: sql`excluded.engine`,
        rtp: sql`excluded.rtp`,
        volatility: sql`excluded.volatility`,
        enabled: sql`case
          when excluded.rtp = ${MISSING_ENGINE_RTP} then false
          when ${games.rtp} = ${MISSING_ENGINE_RTP} then true
          else ${games.enabled} end`,
      },
    })
    // xmax is 0 on a row this statement inserted (not on one it updated).
    .returning({ id: games.id, identity: games.identity, isNew: sql<boolean>`(xmax = 0)` });

  const gameIds = new Map(seeded.map((g) => [g.identity, g.id]));
  const isNewGame = new Set(seeded.filter((g) => g.isNew).map((g) => g.identity));
  const collectionIds = new Map(
    (
      await tx
        .select({ id: gameCollections.id, identity: gameCollections.identity })
        .from(gameCollections)
    ).map((c) => [c.identity, c.id]),
  );
  // A membership is seeded with its new game or new collection only: one staff removed
  // (decision 043) is not put back at the next start.
  const memberships = CATALOG_GAMES.flatMap((g, position) =>
    g.collections
      .filter((identity) => isNewGame.has(g.identity) || isNewCollection.has(identity))
      .map((identity) => {
        const collectionId = collectionIds.get(identity);
        const gameId = gameIds.get(g.identity);
        if (collectionId === undefined || gameId === undefined) {
          throw new Error(`catalog game ${g.identity}: no collection ${identity}`);
        }
        return { collectionId, gameId, position };
      }),
  );
  if (memberships.length > 0) {
    await tx.insert(gameCollectionGames).values(memberships).onConflictDoNothing();
  }
}
