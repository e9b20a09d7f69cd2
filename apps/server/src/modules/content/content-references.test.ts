import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type ContentQuery, type Locale } from '@coinfall/shared';
import siteRoutes from '../../../../web/app/routes.ts';
import { drawnIconNames } from '../../../../web/app/ui/icon-drawings.ts';
import { BUNDLE_SEED } from '../../db/seed/reference-data.ts';
import {
  linkTargetsOf,
  referenceProblems as problemsOf,
  type LinkTargets,
} from './content-references.fns.ts';
import { CONTENT_ROOT, createContentStore, type ContentEdition } from './content.store.ts';
import { SITE_FACTS, SITE_ICONS, SITE_PAGE_PATTERNS, publicImageExists } from './site-links.ts';

/**
 * The content may only name what exists (content-references.fns.ts): the repo's documents are
 * held to it here, a staff edit at publish. The site's facts the check uses are held equal to
 * the web app's route table and icon drawings.
 */

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * The pages of the route table as unlocalized paths: the `:locale` copy is left out (the site
 * adds the prefix), layouts add no segment, and the back office is no content link target.
 */
function routePaths(entries: readonly RouteEntry[], parent: string[] = []): string[] {
  return entries.flatMap((entry) => {
    if (entry.id === 'locale' || entry.id?.startsWith('admin')) return [];
    const segments = [...parent, ...(entry.path ? entry.path.split('/') : [])];
    const own = entry.id && (entry.index || entry.path !== undefined) ? [segments.join('/')] : [];
    return [...own, ...routePaths(entry.children ?? [], segments)];
  });
}

const referenceProblems = (document: unknown, targets: LinkTargets) =>
  problemsOf(document, SITE_FACTS, targets).map((p) => `${p.at}: ${p.value}: ${p.problem}`);

describe('the site the content check knows', () => {
  it('has the pages of the route table', () => {
    expect([...new Set(routePaths(siteRoutes))].sort()).toEqual([...SITE_PAGE_PATTERNS].sort());
  });

  it('has the icons the site draws', () => {
    expect([...SITE_ICONS].sort()).toEqual(drawnIconNames().sort());
  });

  it('serves the images of apps/web/public, and nothing outside it', () => {
    expect(publicImageExists('/favicon.svg')).toBe(true);
    expect(publicImageExists('/images/none.svg')).toBe(false);
    // The repository's package.json exists, four folders up: not a served image.
    expect(publicImageExists('/../../../package.json')).toBe(false);
  });
});

const store = createContentStore();
const documentOf = (edition: ContentEdition, locale: Locale, name: ContentQuery) =>
  store.find(edition, locale, name)?.document;

function targetsOf(edition: ContentEdition, locale: Locale): LinkTargets {
  return linkTargetsOf({
    staticPages: documentOf(edition, locale, 'static-pages'),
    faq: documentOf(edition, locale, 'faq'),
    promotions: documentOf(edition, locale, 'promotions'),
  });
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
        '/\\%zz',
        '/\\evil.example/',
      ],
      accent: '#c8102e',
    };
    expect(referenceProblems(document, targets)).toEqual([
      'image: /images/banners/none.webp: the site serves no such image',
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
      'links[9]: /\\%zz: not a readable link',
      'links[10]: /\\evil.example/: leads off the site',
    ]);
  });
});
