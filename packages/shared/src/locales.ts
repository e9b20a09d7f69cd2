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

/** Paths that never carry a locale prefix (spec §2): questions pages and the emailed-code pages. */
export const UNPREFIXED_PATHS = [
  /^\/questions(?:\/|$)/,
  /^\/confirm-email(?:\/|$)/,
  /^\/reset-password(?:\/|$)/,
];

export interface LocalePath {
  /** The locale the path asks for; the default locale when it has no prefix. */
  locale: Locale;
  /** The prefix segment as written, when there is one ("es", "pt-br"), even if unsupported. */
  prefix: string | undefined;
  /** The path without its prefix, always starting with "/". */
  rest: string;
  /** False for a prefix that looks like a locale but is not one we ship (e.g. "/zz/games"). */
  supported: boolean;
}

/**
 * Splits "/pt-br/games" into locale "pt-br" and "/games". A first segment counts as a prefix
 * only when it has the locale shape; "/games" and "/vip" have none.
 */
export function splitLocalePath(pathname: string): LocalePath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1]?.toLowerCase();
  if (!first || !LOCALE_SEGMENT.test(first)) {
    return { locale: DEFAULT_LOCALE, prefix: undefined, rest: pathname || '/', supported: true };
  }
  const rest = match?.[2] ?? '/';
  return isLocale(first)
    ? { locale: first, prefix: first, rest, supported: first !== DEFAULT_LOCALE }
    : { locale: DEFAULT_LOCALE, prefix: first, rest, supported: false };
}

/** The path for `rest` in `locale`: no prefix for the default locale or unprefixed pages. */
export function localizePath(rest: string, locale: Locale): string {
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  if (locale === DEFAULT_LOCALE || UNPREFIXED_PATHS.some((re) => re.test(path))) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
