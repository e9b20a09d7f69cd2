import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencies, locales } from '../../db/schema/index.ts';

export function createCoreRepo(db: Database) {
  return {
    listEnabledCurrencies(tx: Database = db) {
      return tx
        .select()
        .from(currencies)
        .where(eq(currencies.isEnabled, true))
        .orderBy(asc(currencies.position));
    },
    listEnabledLocales(tx: Database = db) {
      return tx
        .select()
        .from(locales)
        .where(eq(locales.isEnabled, true))
        .orderBy(asc(locales.position));
    },
  };
}
export type CoreRepo = ReturnType<typeof createCoreRepo>;
