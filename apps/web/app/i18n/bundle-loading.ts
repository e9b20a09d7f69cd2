import { use } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@coinfall/shared/locales';
import type { MessageBundle } from './i18n.tsx';

/*
 * How bundle texts reach the browser, kept apart from the hooks (i18n.tsx) so the pages that use
 * no bundle (the home page) do not download it.
 */

type Texts = Record<string, string>;
/** What `import.meta.glob('./<bundle>/*.ts')` gives: an importer per locale module. */
type LocaleModules = Record<string, () => Promise<unknown>>;

interface BundleSource {
  loaded: Partial<Record<Locale, Texts>>;
  /** Loads a locale once; a failed load (network) is tried again on the next call. */
  load: (locale: Locale) => Promise<Texts>;
}

/** Every bundle defined so far, for a locale switch to load them all in the new locale at once. */
const sources = new Set<BundleSource>();

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

/** The fields React's `use` reads to return a promise's value without suspending. */
function markFulfilled(promise: Promise<Texts>, texts: Texts): void {
  void Object.assign(promise, { status: 'fulfilled', value: texts });
}

function sourceOf(id: string, modules: LocaleModules): BundleSource {
  const loaded: Partial<Record<Locale, Texts>> = {};
  const importers: Partial<Record<Locale, () => Promise<unknown>>> = {};
  for (const [path, importer] of Object.entries(modules)) {
    const locale = localeOfPath(path);
    if (locale) importers[locale] = importer;
  }
  // One promise per locale, marked fulfilled the way React's `use` reads it, so `use` returns
  // loaded texts without suspending (and is called on every render, keeping hooks in order).
  const promises = new Map<Locale, Promise<Texts>>();
  const load = (locale: Locale): Promise<Texts> => {
    let promise = promises.get(locale);
    if (promise) return promise;
    if (locale !== activeLocale && !import.meta.env.SSR) switchLocale(locale);
    const ready = loaded[locale];
    promise = ready ? Promise.resolve(ready) : fetchTexts(locale);
    const settled = promise;
    void promise.then(
      (texts) => markFulfilled(settled, (loaded[locale] = texts)),
      // A failed fetch (network) is tried again by the next render or navigation.
      () => promises.delete(locale),
    );
    if (ready) markFulfilled(promise, ready);
    promises.set(locale, promise);
    return promise;
  };
  const fetchTexts = async (locale: Locale): Promise<Texts> => {
    const seeded = await readSeed();
    const importer = importers[locale];
    const texts =
      seeded[locale]?.[id] ??
      (importer ? ((await importer()) as { default: Texts }).default : undefined);
    if (!texts) throw new Error(`Message bundle "${id}" has no ${locale} texts`);
    return texts;
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
  sources.add(source);
  const has = (key: string) => LOCALES.some((locale) => key in (source.loaded[locale] ?? {}));
  const bundle = { id, has, load: source.load } as unknown as MessageBundle<T>;
  for (const locale of LOCALES)
    Object.defineProperty(bundle, locale, {
      enumerable: true,
      // Loaded ahead but after a locale switch: the switch's render (a transition, which keeps
      // the page as it was meanwhile) waits here once for every bundle's texts in the new locale.
      // Bundles are read in renders only (components, route meta), where `use` may suspend.
      // eslint-disable-next-line react-hooks/rules-of-hooks
      get: () => source.loaded[locale] ?? use(source.load(locale)),
    });
  if (import.meta.env.SSR) await Promise.all(LOCALES.map((locale) => source.load(locale)));
  else await source.load(activeLocale);
  return bundle;
}

/** Loads every bundle defined so far in `locale`, and bundles defined later in it too. */
function switchLocale(locale: Locale): void {
  activeLocale = locale;
  for (const source of sources) void source.load(locale);
}
