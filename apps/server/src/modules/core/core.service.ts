import {
  DEFAULT_LOCALE,
  SETTINGS_CONSTANTS,
  isLocale,
  type Country,
  type Currency,
  type Locale,
  type LocaleItem,
  type TimeZone,
} from '@coinfall/shared';
import type { CoreRepo } from './core.repo.ts';
import { listAmericanTimeZones, listCountries, normalizeDecimal } from './core.fns.ts';

export function createCoreService(deps: {
  repo: Pick<CoreRepo, 'listEnabledCurrencies' | 'listEnabledLocales'>;
}) {
  // Country and zone lists never change while the process runs; compute each locale once.
  const countryCache = new Map<Locale, Country[]>();
  const timeZones = listAmericanTimeZones(SETTINGS_CONSTANTS.timeZonePrefix);

  return {
    settings: () => SETTINGS_CONSTANTS,

    async currencies(): Promise<Currency[]> {
      const rows = await deps.repo.listEnabledCurrencies();
      return rows.map((row) => ({
        code: row.code,
        type: row.type,
        symbol: row.symbol,
        name: row.name,
        isEnabled: row.isEnabled,
        isBase: row.isBase,
        subunitToUnit: row.subunitToUnit,
        rate: { rate: normalizeDecimal(row.rate), updatedAt: row.rateUpdatedAt.toISOString() },
        subCurrencies: row.subCurrencies,
      }));
    },

    async locales(): Promise<LocaleItem[]> {
      const rows = await deps.repo.listEnabledLocales();
      return rows
        .filter((r) => isLocale(r.code))
        .map((r) => ({ code: r.code as Locale, name: r.name, isDefault: r.isDefault }));
    },

    countries(locale: Locale = DEFAULT_LOCALE): Country[] {
      let list = countryCache.get(locale);
      if (!list) {
        list = listCountries(locale);
        countryCache.set(locale, list);
      }
      return list;
    },

    timeZones: (): TimeZone[] => timeZones,
  };
}
export type CoreService = ReturnType<typeof createCoreService>;
