import { createContext, use, useContext } from 'react';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  localizePath,
  type Locale,
} from '@coinfall/shared/locales';

/**
 * The texts of one locale of a bundle. English (`messages/<bundle>/en.ts`) defines the keys; every
 * other locale file `satisfies LocaleTexts<typeof en>`, so a missing or an extra key fails typecheck.
 */
export type LocaleTexts<T> = Record<keyof T, string>;

/**
 * A message bundle, indexed by locale. Reading a locale that is not loaded throws: the server holds
 * every locale, and the browser loads the active one before any module using the bundle runs
 * (see defineMessages), and the next one before a locale switch renders (preloadTexts).
 */
export type MessageBundle<T extends Record<string, string>> = Readonly<Record<Locale, T>> & {
  readonly id: string;
};

type Texts = Record<string, string>;
/** What `import.meta.glob('./<bundle>/*.ts')` gives: an importer per locale module. */
type LocaleModules = Record<string, () => Promise<unknown>>;

interface BundleSource {
  loaded: Partial<Record<Locale, Texts>>;
  load(locale: Locale): Promise<Texts>;
}

const sources = new Map<string, BundleSource>();

/** The element the server writes the rendered bundles' texts into (entry.server.tsx). */
export const SEEDED_TEXTS_ID = 'cf-texts';
export type SeededTexts = Partial<Record<Locale, Record<string, Texts>>>;

/** The locale the browser loads bundles in: the page's, then the one a locale switch goes to. */
let activeLocale: Locale = DEFAULT_LOCALE;
if (typeof document !== 'undefined') {
  const lang = document.documentElement.lang;
  if (isLocale(lang)) activeLocale = lang;
}

// The seed sits at the end of the page, and React Router's entry script is `async`, so a bundle
// module may run before the document is parsed; waiting for it beats fetching texts it carries.
let seed: Promise<SeededTexts> | undefined;
function readSeed(): Promise<SeededTexts> {
  seed ??= new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  }).then(() => {
    if (typeof document === 'undefined') return {};
    const json = document.getElementById(SEEDED_TEXTS_ID)?.textContent;
    return json ? (JSON.parse(json) as SeededTexts) : {};
  });
  return seed;
}

function localeOfPath(path: string): Locale | undefined {
  const name = /([^/]+)\.ts$/.exec(path)?.[1];
  return name !== undefined && isLocale(name) ? name : undefined;
}

function sourceOf(id: string, modules: LocaleModules): BundleSource {
  const loaded: Partial<Record<Locale, Texts>> = {};
  const importers: Partial<Record<Locale, () => Promise<unknown>>> = {};
  for (const [path, importer] of Object.entries(modules)) {
    const locale = localeOfPath(path);
    if (locale) importers[locale] = importer;
  }
  const pending = new Map<Locale, Promise<Texts>>();
  const load = (locale: Locale): Promise<Texts> => {
    const ready = loaded[locale];
    if (ready) return Promise.resolve(ready);
    let promise = pending.get(locale);
    if (!promise) {
      promise = readSeed()
        .then(async (seeded) => {
          const importer = importers[locale];
          const texts =
            seeded[locale]?.[id] ??
            (importer ? ((await importer()) as { default: Texts }).default : undefined);
          if (!texts) throw new Error(`Message bundle "${id}" has no ${locale} texts`);
          return (loaded[locale] = texts);
        })
        // A failed fetch (network) may be retried by the next render or navigation.
        .finally(() => pending.delete(locale));
      pending.set(locale, promise);
    }
    return promise;
  };
  return { loaded, load };
}

/**
 * Declares a bundle from its lazy locale modules. The returned promise resolves once the texts are
 * loaded — every locale on the server, which renders any, and the active one in the browser; bundle
 * modules await it at top level, so components using a bundle never wait for texts while rendering.
 * (An eager glob for the server would count as a static import in the client build too.)
 */
export async function defineMessages<T extends Record<string, string>>(
  id: string,
  modules: LocaleModules,
): Promise<MessageBundle<T>> {
  const source = sourceOf(id, modules);
  sources.set(id, source);
  const bundle = { id } as { id: string } & Record<Locale, T>;
  for (const locale of LOCALES)
    Object.defineProperty(bundle, locale, {
      enumerable: true,
      get() {
        const texts = source.loaded[locale];
        if (!texts) throw new Error(`Message bundle "${id}" is not loaded in ${locale}`);
        return texts as T;
      },
    });
  if (import.meta.env.SSR) await Promise.all(LOCALES.map((locale) => source.load(locale)));
  else await source.load(activeLocale);
  return bundle;
}

/** Loads every bundle in use in `locale` (before a locale switch renders with it). */
export async function preloadTexts(locale: Locale): Promise<void> {
  activeLocale = locale;
  await Promise.all([...sources.values()].map((source) => source.load(locale)));
}

/** Set by the server renderer: records the texts each rendered bundle used, for the seed. */
export const TextsCollectorContext = createContext<
  ((id: string, locale: Locale, texts: Texts) => void) | null
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
  const source = sources.get(bundle.id);
  if (!source) throw new Error(`Message bundle "${bundle.id}" is not defined`);
  // Loaded ahead in every normal path; suspending is only the fallback for a missed preload.
  const texts = source.loaded[locale] ?? use(source.load(locale));
  collect?.(bundle.id, locale, texts);
  return texts as Record<keyof T, string>;
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
