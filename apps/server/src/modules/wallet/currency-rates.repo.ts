import type { Database } from '../../db/client.ts';
import { currencies } from '../../db/schema/index.ts';

/** The currencies table as money modules read it: what valuing an amount in base needs. */
export function createCurrencyRatesRepo(db: Database) {
  return {
    /** Every currency with its rate, base flag and minor units. */
    async list(tx: Database = db) {
      return await tx
        .select({
          code: currencies.code,
          isBase: currencies.isBase,
          isEnabled: currencies.isEnabled,
          subunitToUnit: currencies.subunitToUnit,
          rate: currencies.rate,
        })
        .from(currencies);
    },
  };
}
export type CurrencyRatesRepo = ReturnType<typeof createCurrencyRatesRepo>;
