import type { Database } from '../client.ts';
import { bundles, currencies, locales, segments } from '../schema/index.ts';
import { seedBonuses } from './bonus.ts';
import { seedGames } from './games.ts';
import { seedQuests } from './quests.ts';
import { seedLoyalty } from './loyalty.ts';
import { BUNDLE_SEED, CURRENCY_SEED, LOCALE_SEED, SEGMENT_SEED } from './reference-data.ts';

/**
 * Idempotent: rows that exist are left as an operator may have changed them; only missing
 * rows are added. Safe to run on every start.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(currencies)
      .values(CURRENCY_SEED.map((c, position) => ({ ...c, position })))
      .onConflictDoNothing();
    await tx.insert(locales).values(LOCALE_SEED).onConflictDoNothing();
    await tx.insert(segments).values(SEGMENT_SEED).onConflictDoNothing();
    await tx.insert(bundles).values(BUNDLE_SEED).onConflictDoNothing({ target: bundles.identity });
    await seedGames(tx);
    // After the games: the free-spins campaign names a slot of the catalog.
    await seedBonuses(tx);
    // After the bonuses: quest rewards name bonus definitions.
    await seedQuests(tx);
    // After the bonuses and games: sublevel rewards are loyalty bonus definitions.
    await seedLoyalty(tx);
  });
}
