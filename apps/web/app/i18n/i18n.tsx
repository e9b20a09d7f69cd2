import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, localizePath, type Locale } from '@coinfall/shared/locales';

/**
 * A message bundle: the English texts define the keys, and every other locale must give each
 * key (TypeScript refuses a bundle with a missing text).
 */
export type MessageBundle<T extends Record<string, string>> = { en: T } & Record<
  Exclude<Locale, 'en'>,
  Record<keyof T, string>
>;

export function defineMessages<T extends Record<string, string>>(
  bundle: MessageBundle<T>,
): MessageBundle<T> {
  return bundle;
}

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The texts of a bundle in the current locale. */
export function useMessages<T extends Record<string, string>>(
  bundle: MessageBundle<T>,
): Record<keyof T, string> {
  return bundle[useLocale()];
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
