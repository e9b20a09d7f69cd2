import { createContext, use, useContext } from 'react';
import { DEFAULT_LOCALE, localizePath, type Locale } from '@coinfall/shared/locales';

/**
 * The texts of one locale of a bundle. English (`messages/<bundle>/en.ts`) defines the keys; every
 * other locale file `satisfies LocaleTexts<typeof en>`, so a missing or an extra key fails typecheck.
 */
export type LocaleTexts<T> = Record<keyof T, string>;

/**
 * A message bundle, indexed by locale. The server holds every locale; the browser loads the active
 * one before any module using the bundle runs, and reading another locale during a render (after a
 * locale switch) suspends until it is loaded — see defineMessages in bundle-loading.ts.
 */
export type MessageBundle<T extends Record<string, string>> = Readonly<Record<Locale, T>> & {
  readonly id: string;
  /** Whether `key` is one of the bundle's keys (every locale has the same), whatever is loaded. */
  has(key: string): key is keyof T & string;
  /** The texts of a locale, loading it once; already fulfilled (for `use`) when loaded. */
  load(locale: Locale): Promise<T>;
};

/** Set by the server renderer: records the texts each rendered bundle used, for the seed. */
export const TextsCollectorContext = createContext<
  ((id: string, locale: Locale, texts: Record<string, string>) => void) | null
>(null);

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The texts of a bundle in the current locale. */
export function useMessages<T extends Record<string, string>>(
  bundle: MessageBundle<T>,
): Record<keyof T, string> {
  const locale = useLocale();
  const collect = useContext(TextsCollectorContext);
  // Always through `use` (which returns loaded texts at once): a component that suspended here
  // once, after a locale switch, must call the same hooks when React replays it.
  const texts = use(bundle.load(locale));
  collect?.(bundle.id, locale, texts);
  return texts;
}

/** Fills "{name}" placeholders; unknown ones stay visible so a missing value is noticed. */
export function formatMessage(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** Localizes an in-site path for the current locale ("/games" -> "/es/games"). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizePath(path, locale);
}
