/** Locales the site ships. The default one has no URL prefix. */
export const LOCALES = ['en', 'es', 'pt-br'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** A locale prefix segment as spec §2 defines it: two letters, or two letters, dash, two letters. */
export const LOCALE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2})?$/;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best supported locale for a language tag ("pt-BR" -> "pt-br", "es-MX" -> "es"),
 * or undefined when none fits.
 */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  if (isLocale(lower)) return lower;
  const language = lower.split('-')[0] ?? '';
  return LOCALES.find((l) => l === language || l.split('-')[0] === language);
}
