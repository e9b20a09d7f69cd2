/**
 * What a content document names must exist (decision 055): every image a file the site serves,
 * every icon one the site draws, every in-site link a page of the route table whose dynamic part
 * names a real thing — a game of the catalog, a static page, a help-centre category, a promotion.
 * The repo's documents are held to it by a test; a staff edit is refused at publish.
 */

export const IMAGE_PATH = /^\/(?!\/)\S+\.(svg|png|jpe?g|webp|avif)$/;
const SITE_PATH = /^\/(?!\/)\S*$/;
/** The placeholder host in-site paths are read against. */
const SITE_HOST = 'site.invalid';

/** What a document of one locale can link to besides fixed pages: its locale's documents. */
export interface LinkTargets {
  staticPages: readonly string[];
  faqPages: readonly string[];
  /** Promotion pages (/promotions/{slug}): the items of the same locale's promotions document. */
  promotions: readonly string[];
}

/** What the site is made of: its pages, catalog, modals, icons and served files. */
export interface SiteFacts {
  /** Unlocalized page patterns ("games/:id"; "" is home, "*" the catch-all). */
  pages: readonly string[];
  games: readonly string[];
  providers: readonly string[];
  collections: readonly string[];
  modals: readonly string[];
  icons: readonly string[];
  inPageActions: readonly string[];
  /** Whether the site serves this image path. */
  imageExists: (src: string) => boolean;
}

/** The values each dynamic page accepts, by pattern and parameter. */
function dynamicValues(
  site: SiteFacts,
  targets: LinkTargets,
): Record<string, Record<string, readonly string[]>> {
  return {
    'games/:id': { id: site.games },
    'play/:identity': { identity: site.games },
    'static/:pageUrl': { pageUrl: targets.staticPages },
    'questions/:pageUrl': { pageUrl: targets.faqPages },
    'promotions/:slug': { slug: targets.promotions },
  };
}

/** Why an in-site path does not lead to a page, or null when it does. */
function pathProblem(pathname: string, site: SiteFacts, targets: LinkTargets): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const values = dynamicValues(site, targets);
  let reason = 'no route of the site matches it';
  for (const pattern of site.pages) {
    const parts = pattern === '' ? [] : pattern.split('/');
    if (parts.length !== segments.length || parts.includes('*')) continue;
    const fits = parts.every((s, i) => s.startsWith(':') || s === segments[i]);
    if (!fits) continue;
    const unknown = parts.flatMap((s, i) => {
      if (!s.startsWith(':')) return [];
      const accepted = values[pattern]?.[s.slice(1)];
      const value = segments[i] ?? '';
      if (!accepted) return [`${s} of /${pattern} is not a content link target`];
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
function linkProblem(url: string, site: SiteFacts, targets: LinkTargets): string | null {
  if (url.startsWith('#')) {
    return site.inPageActions.includes(url) ? null : 'no in-page action of that name is built';
  }
  const queryValues: Record<string, readonly string[]> = {
    modal: site.modals,
    collection: site.collections,
    provider: site.providers,
  };
  let parsed: URL;
  try {
    parsed = new URL(url, `https://${SITE_HOST}`);
  } catch {
    return 'not a readable link';
  }
  // "/\\host/" reads as another site's address: a browser would leave for it.
  if (parsed.host !== SITE_HOST) return 'leads off the site';
  const problems = [pathProblem(parsed.pathname, site, targets)];
  for (const [name, value] of parsed.searchParams) {
    const accepted = queryValues[name];
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

/** Every reference a document holds, with its place in the document (`a.b[2].c`). */
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

/** Each reference of the document that leads nowhere: where it is, what it says, and why. */
export function referenceProblems(
  document: unknown,
  site: SiteFacts,
  targets: LinkTargets,
): { at: string; value: string; problem: string }[] {
  return [...referencesIn(document)].flatMap(({ at, kind, value }) => {
    const problem =
      kind === 'icon'
        ? site.icons.includes(value)
          ? null
          : 'the site draws no such icon'
        : kind === 'image'
          ? site.imageExists(value)
            ? null
            : 'the site serves no such image'
          : linkProblem(value, site, targets);
    return problem ? [{ at, value, problem }] : [];
  });
}

/** The link targets a locale's static-pages, faq and promotions documents make. */
export function linkTargetsOf(documents: {
  staticPages: unknown;
  faq: unknown;
  promotions: unknown;
}): LinkTargets {
  const faq = documents.faq as { categories?: { pageUrl: string }[] } | undefined;
  const promotions = documents.promotions as { items?: { slug: string }[] } | undefined;
  return {
    staticPages: Object.keys((documents.staticPages as Record<string, unknown> | undefined) ?? {}),
    faqPages: (faq?.categories ?? []).map((c) => c.pageUrl),
    promotions: (promotions?.items ?? []).map((p) => p.slug),
  };
}
