import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEYED_MODALS, LOCALES, type ContentQuery, type Locale } from '@coinfall/shared';
import {
  CATALOG_COLLECTIONS,
  CATALOG_GAMES,
  CATALOG_PROVIDERS,
} from '@coinfall/shared/games/catalog';
import siteRoutes from '../../../../web/app/routes.ts';
import { iconDrawing } from '../../../../web/app/ui/icon-drawings.ts';
import { BUNDLE_SEED } from '../../db/seed/reference-data.ts';
import { CONTENT_ROOT, createContentStore, type ContentEdition } from './content.store.ts';

/**
 * The content may only name what exists: every image it shows is a file the site serves, every
 * icon one the site draws, every in-site link a page of the route table (apps/web/app/routes.ts)
 * whose dynamic part names a real thing — a seeded game, a static page, a help-centre category.
 */

/** Where /images/… and /favicon.svg come from: the web build copies this folder as is. */
const PUBLIC_DIR = fileURLToPath(new URL('../../../../web/public', import.meta.url));
const IMAGE_PATH = /^\/(?!\/)\S+\.(svg|png|jpe?g|webp|avif)$/;
const SITE_PATH = /^\/(?!\/)\S*$/;

/**
 * In-page actions (`#name` links) the site answers: `#support-chat` opens the live-support chat
 * (issue 18: features/support listens for its event).
 */
const IN_PAGE_ACTIONS: readonly string[] = ['#support-chat'];

const GAMES = CATALOG_GAMES.map((g) => g.identity);
const PROVIDERS = CATALOG_PROVIDERS.filter((p) => !p.hidden).map((p) => p.identity);
const COLLECTIONS = CATALOG_COLLECTIONS.map((c) => c.identity);
const MODALS: readonly string[] = Object.values(KEYED_MODALS);

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}
interface RoutePattern {
  id: string;
  segments: string[];
}

/**
 * The pages of the route table as segment lists. Content paths are unlocalized (the site adds
 * the locale prefix), so the `:locale` copy is left out; layouts add no segment.
 */
function routePatterns(entries: readonly RouteEntry[], parent: string[] = []): RoutePattern[] {
  return entries.flatMap((entry) => {
    if (entry.id === 'locale') return [];
    const segments = [...parent, ...(entry.path ? entry.path.split('/') : [])];
    const own =
      entry.id && (entry.index || entry.path !== undefined) ? [{ id: entry.id, segments }] : [];
    return [...own, ...routePatterns(entry.children ?? [], segments)];
  });
}
const PATTERNS = routePatterns(siteRoutes);

/** What a document of one locale and edition can link to besides fixed pages. */
interface LinkTargets {
  staticPages: readonly string[];
  faqPages: readonly string[];
  /** Promotion pages (/promotions/{slug}): the items of the same locale's promotions document. */
  promotions: readonly string[];
}

/** The values each dynamic route accepts, by route id and parameter. */
function dynamicValues(targets: LinkTargets): Record<string, Record<string, readonly string[]>> {
  return {
    'games-id': { id: GAMES },
    play: { identity: GAMES },
    static: { pageUrl: targets.staticPages },
    'questions-page': { pageUrl: targets.faqPages },
    promotion: { slug: targets.promotions },
  };
}

const QUERY_VALUES: Record<string, readonly string[]> = {
  modal: MODALS,
  collection: COLLECTIONS,
  provider: PROVIDERS,
};

/** Why an in-site path does not lead to a page, or null when it does. */
function pathProblem(pathname: string, targets: LinkTargets): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const values = dynamicValues(targets);
  let reason = 'no route of the site matches it';
  for (const pattern of PATTERNS.filter((p) => p.segments.length === segments.length)) {
    if (pattern.segments.includes('*')) continue;
    const fits = pattern.segments.every((s, i) => s.startsWith(':') || s === segments[i]);
    if (!fits) continue;
    const unknown = pattern.segments.flatMap((s, i) => {
      if (!s.startsWith(':')) return [];
      const accepted = values[pattern.id]?.[s.slice(1)];
      const value = segments[i] ?? '';
      if (!accepted) return [`${s} of route ${pattern.id} is not a content link target`];
      return accepted.includes(value) ? [] : [`no ${s.slice(1)} "${value}" exists`];
    });
    if (unknown.length === 0) return null;
    reason = unknown.join('; ');
  }
  // The catch-all renders a static page named by a single segment (/terms).
  const [only] = segments;
  if (segments.length === 1 && only && targets.staticPages.includes(only)) return null;
  return reason;
}

/** Why a content URL (path, query, fragment) is not a working in-site link, or null. */
function linkProblem(url: string, targets: LinkTargets): string | null {
  if (url.startsWith('#'))
    return IN_PAGE_ACTIONS.includes(url) ? null : 'no in-page action of that name is built';
  const parsed = new URL(url, 'https://site.invalid');
  const problems = [pathProblem(parsed.pathname, targets)];
  for (const [name, value] of parsed.searchParams) {
    const accepted = QUERY_VALUES[name];
    problems.push(
      !accepted
        ? `the site reads no "${name}" parameter`
        : accepted.includes(value)
          ? null
          : `no ${name} "${value}" exists`,
    );
  }
  const found = problems.filter((p): p is string => p !== null);
  return found.length > 0 ? found.join('; ') : null;
}

/** Why an image path is not served, or null when the file is there. */
function imageProblem(src: string): string | null {
  return existsSync(path.join(PUBLIC_DIR, src)) ? null : 'no such file in apps/web/public';
}

/** Every reference a document holds, with its place in the document. */
function* referencesIn(
  value: unknown,
  at = '',
): Generator<{ at: string; kind: 'icon' | 'image' | 'link'; value: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* referencesIn(item, `${at}[${i}]`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = at ? `${at}.${key}` : key;
      if (typeof item !== 'string') yield* referencesIn(item, here);
      else if (key === 'icon') yield { at: here, kind: 'icon', value: item };
      // A link may also be an in-page action (#support-chat); elsewhere "#…" is a colour.
      else if (key === 'url' && item.startsWith('#')) yield { at: here, kind: 'link', value: item };
      else yield* referencesIn(item, here);
    }
  } else if (typeof value === 'string') {
    if (IMAGE_PATH.test(value)) yield { at, kind: 'image', value };
    else if (SITE_PATH.test(value)) yield { at, kind: 'link', value };
  }
}

function referenceProblems(document: unknown, targets: LinkTargets): string[] {
  return [...referencesIn(document)].flatMap(({ at, kind, value }) => {
    const problem =
      kind === 'icon'
        ? iconDrawing(value) === undefined
          ? 'the site draws no such icon'
          : null
        : kind === 'image'
          ? imageProblem(value)
          : linkProblem(value, targets);
    return problem ? [`${at}: ${value}: ${problem}`] : [];
  });
}

const store = createContentStore();
const documentOf = (edition: ContentEdition, locale: Locale, name: ContentQuery) =>
  store.find(edition, locale, name)?.document;

function targetsOf(edition: ContentEdition, locale: Locale): LinkTargets {
  const staticPages = documentOf(edition, locale, 'static-pages') as Record<string, unknown>;
  const faq = documentOf(edition, locale, 'faq') as { categories: { pageUrl: string }[] };
  const promotions = documentOf(edition, locale, 'promotions') as { items: { slug: string }[] };
  return {
    staticPages: Object.keys(staticPages),
    faqPages: faq.categories.map((c) => c.pageUrl),
    promotions: promotions.items.map((p) => p.slug),
  };
}

const contentFiles = (['published', 'drafts'] as const).flatMap((edition) =>
  LOCALES.flatMap((locale) =>
    readdirSync(path.join(CONTENT_ROOT, edition, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ edition, locale, file })),
  ),
);

describe('what the content names', () => {
  it.each(contentFiles)(
    '$edition/$locale/$file names only images, icons and pages that exist',
    ({ edition, locale, file }) => {
      const document: unknown = JSON.parse(
        readFileSync(path.join(CONTENT_ROOT, edition, locale, file), 'utf8'),
      );
      expect(referenceProblems(document, targetsOf(edition, locale))).toEqual([]);
    },
  );

  it.each(LOCALES)('names in %s only the coin bundles the shop sells', (locale) => {
    const bundles = documentOf('published', locale, 'bundles') as { items: object };
    const sold = BUNDLE_SEED.map((b) => b.identity);
    expect(Object.keys(bundles.items).filter((id) => !sold.includes(id))).toEqual([]);
  });
});

describe('the reference check', () => {
  const targets: LinkTargets = {
    staticPages: ['terms'],
    faqPages: ['getting-started'],
    promotions: ['daily-bonus'],
  };

  it('accepts fixed pages, seeded games, static pages, help categories and known modals', () => {
    const document = {
      nav: [{ url: '/' }, { url: '/games' }, { url: '/profile/limits' }, { url: '/quests/list' }],
      blocks: [
        { url: '/games/frosty-fortunes' },
        { url: '/static/terms' },
        { url: '/terms' },
        { url: '/questions/getting-started' },
        { url: '/promotions/daily-bonus' },
        { url: '/?modal=bundles' },
        { url: '/games?collection=originals&provider=coinfall-originals' },
      ],
      icon: 'lobby',
      logo: '/images/logo/coinfall-holiday-full.svg',
      favicon: '/favicon.svg',
      external: 'https://example.com/x.webp',
    };
    expect(referenceProblems(document, targets)).toEqual([]);
  });

  it('refuses missing images, unknown icons, games, pages, promotions, modals and actions', () => {
    const document = {
      image: '/images/banners/none.webp',
      icon: 'snowglobe',
      links: [
        '/games/crash',
        '/static/nowhere',
        '/questions/vip',
        '/promotions/holiday-leaderboard',
        '/?modal=daily-bonus',
        '/games?sort=new',
        '/tournaments',
        '/es/games',
        { url: '#call-us' },
      ],
      accent: '#c8102e',
    };
    expect(referenceProblems(document, targets)).toEqual([
      'image: /images/banners/none.webp: no such file in apps/web/public',
      'icon: snowglobe: the site draws no such icon',
      'links[0]: /games/crash: no id "crash" exists',
      'links[1]: /static/nowhere: no pageUrl "nowhere" exists',
      'links[2]: /questions/vip: no pageUrl "vip" exists',
      'links[3]: /promotions/holiday-leaderboard: no slug "holiday-leaderboard" exists',
      'links[4]: /?modal=daily-bonus: no modal "daily-bonus" exists',
      'links[5]: /games?sort=new: the site reads no "sort" parameter',
      'links[6]: /tournaments: no route of the site matches it',
      'links[7]: /es/games: no route of the site matches it',
      'links[8].url: #call-us: no in-page action of that name is built',
    ]);
  });
});
