import type { Database } from '../client.ts';
import { currencies, locales } from '../schema/index.ts';
import { CURRENCY_SEED, LOCALE_SEED } from './reference-data.ts';

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
  });
}
