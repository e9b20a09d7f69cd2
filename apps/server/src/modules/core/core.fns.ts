import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import type { Country, Locale, TimeZone } from '@coinfall/shared';

countries.registerLocale(en);
countries.registerLocale(es);
countries.registerLocale(pt);

const COUNTRY_LANGUAGE: Record<Locale, string> = { en: 'en', es: 'es', 'pt-br': 'pt' };

/** ISO 3166-1 alpha-2 countries with names in the given locale, sorted by that locale's rules. */
export function listCountries(locale: Locale): Country[] {
  const names = countries.getNames(COUNTRY_LANGUAGE[locale], { select: 'official' });
  const collator = new Intl.Collator(locale);
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Only America/* zones are offered (spec §3), named by city: "America/New_York" -> "New York". */
export function listAmericanTimeZones(prefix = 'America/'): TimeZone[] {
  return Intl.supportedValuesOf('timeZone')
    .filter((id) => id.startsWith(prefix))
    .map((id) => ({
      id,
      name: id.slice(prefix.length).replaceAll('_', ' ').replaceAll('/', ' / '),
    }));
}

/** "97250.000000000000" -> "97250", "0.000100000000" -> "0.0001": numeric(30,12) without padding. */
export function normalizeDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/\.?0+$/, '');
}
