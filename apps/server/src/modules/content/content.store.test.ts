import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONTENT_QUERIES,
  CONTENT_SCHEMAS,
  DEFAULT_LOCALE,
  LOCALES,
  alertsSchema,
  contentBlockSchema,
  validationsSchema,
  type ContentQuery,
  type Locale,
} from '@coinfall/shared';
import { CONTENT_ROOT, ContentError, createContentStore } from './content.store.ts';
import { formatFieldPath } from './content.fns.ts';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const publishedFile = (locale: Locale, name: ContentQuery) =>
  path.join(CONTENT_ROOT, 'published', locale, `${name}.json`);
const hasPublished = (locale: Locale, name: ContentQuery) =>
  readdirSync(path.join(CONTENT_ROOT, 'published', locale)).includes(`${name}.json`);

/**
 * Documents a locale deliberately leaves to the default locale's copy. Empty: every locale
 * ships every document. Add `'es/bundles'` here (with a reason) before removing such a file.
 */
const RELIES_ON_FALLBACK: readonly string[] = [];

const contentFiles = (['published', 'drafts'] as const).flatMap((edition) =>
  LOCALES.flatMap((locale) =>
    readdirSync(path.join(CONTENT_ROOT, edition, locale))
      .filter((f) => f.endsWith('.json'))
      .map((file) => ({
        edition,
        locale,
        file,
        name: file.replace(/\.json$/, '') as ContentQuery,
      })),
  ),
);

/** Object keys of a document, descending into arrays only where items have an id. */
function keyPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item: unknown, i) => {
      const id =
        item &&
        typeof item === 'object' &&
        ('id' in item ? item.id : 'pageUrl' in item ? item.pageUrl : undefined);
      return typeof id === 'string' ? keyPaths(item, `${at}[${id}]`) : i === 0 ? [`${at}[]`] : [];
    });
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [`${at}.${k}`, ...keyPaths(v, `${at}.${k}`)]);
  }
  return [];
}

/** Targets of links and buttons (objects with a url and a label or text). */
function urlsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(urlsOf);
  if (!value || typeof value !== 'object') return [];
  const own =
    'url' in value && typeof value.url === 'string' && ('label' in value || 'text' in value)
      ? [value.url]
      : [];
  return [...own, ...Object.values(value).flatMap(urlsOf)];
}

describe('the content files in the repo', () => {
  it.each(contentFiles)(
    '$edition/$locale/$file matches its schema',
    ({ edition, locale, file, name }) => {
      expect(CONTENT_QUERIES).toContain(name);
      const result = CONTENT_SCHEMAS[name].safeParse(
        readJson(path.join(CONTENT_ROOT, edition, locale, file)),
      );
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );

  it('load into a store without a single problem', () => {
    expect(() => createContentStore()).not.toThrow();
  });

  it('give every locale every document the default locale has, unless listed as relying on fallback', () => {
    const missing = LOCALES.flatMap((locale) =>
      CONTENT_QUERIES.filter(
        (name) => hasPublished(DEFAULT_LOCALE, name) && !hasPublished(locale, name),
      ).map((name) => `${locale}/${name}`),
    );
    expect(missing).toEqual(RELIES_ON_FALLBACK);
    expect(CONTENT_QUERIES.filter((name) => !hasPublished(DEFAULT_LOCALE, name))).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== DEFAULT_LOCALE))(
    'in %s mirror the keys and links of the default locale',
    (locale) => {
      for (const name of CONTENT_QUERIES.filter((n) => hasPublished(locale, n))) {
        const [own, base] = [
          readJson(publishedFile(locale, name)),
          readJson(publishedFile(DEFAULT_LOCALE, name)),
        ];
        expect({ name, keys: keyPaths(own).sort() }).toEqual({ name, keys: keyPaths(base).sort() });
        expect({ name, urls: urlsOf(own).sort() }).toEqual({ name, urls: urlsOf(base).sort() });
      }
    },
  );

  it('hold an English draft of the pages whose home title differs from the published one', () => {
    const store = createContentStore();
    const home = (edition: 'published' | 'drafts') =>
      (store.find(edition, 'en', 'pages')?.document as { home: { title: string } }).home.title;
    expect(home('drafts')).not.toBe(home('published'));
    expect(store.find('drafts', 'es', 'pages')).toBe(store.find('published', 'es', 'pages'));
  });
});

describe('createContentStore on a broken tree', () => {
  let root: string;
  const write = (relative: string, body: unknown) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
  };
  const problemsOf = (): string[] => {
    try {
      createContentStore(root);
    } catch (err) {
      if (err instanceof ContentError) return err.problems;
      throw err;
    }
    return [];
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'coinfall-content-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('throws a ContentError naming the file and the field', () => {
    const alerts = readJson(publishedFile('en', 'alerts')) as Record<
      string,
      Record<string, string>
    >;
    alerts.depositSuccess = {
      ...alerts.depositSuccess,
      description: 'Your payment of {summ} on {date}',
    };
    write('published/es/alerts.json', alerts);
    const file = path.join(root, 'published', 'es', 'alerts.json');
    expect(() => createContentStore(root)).toThrow(ContentError);
    expect(() => createContentStore(root)).toThrow(
      `${file}: depositSuccess.description: Unknown placeholder {summ}`,
    );
  });

  it('names an unknown field, a missing one and a field deep inside a list', () => {
    const faq = readJson(publishedFile('en', 'faq')) as {
      title?: string;
      titel?: string;
      categories: { questions: { answer: unknown[] }[] }[];
    };
    faq.titel = faq.title;
    delete faq.title;
    faq.categories[1]?.questions[2]?.answer.push({
      type: 'link',
      text: 'Click',
      url: 'javascript:alert(1)',
    });
    write('drafts/pt-br/faq.json', faq);
    const file = path.join(root, 'drafts', 'pt-br', 'faq.json');
    expect(problemsOf().sort()).toEqual([
      `${file}: categories[1].questions[2].answer[1].url: Expected "/path", "#anchor", an https:// or a mailto: URL`,
      `${file}: titel: unknown field (a typo?)`,
      `${file}: title: missing (expected string)`,
    ]);
  });

  it('reports JSON syntax errors, misnamed files and unknown locale folders, all at once', () => {
    write('published/en/pages.json', '{"home": ');
    write('published/en/faqs.json', {});
    write('published/pt-BR/faq.json', {});
    write('published/en/.gitkeep', '');
    const problems = problemsOf();
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toContain(
      `${path.join(root, 'published', 'en', 'pages.json')}: not valid JSON`,
    );
    expect(problems.join('\n')).toContain(
      `${path.join(root, 'published', 'en', 'faqs.json')}: not a content document`,
    );
    expect(problems.join('\n')).toContain(
      `${path.join(root, 'published', 'pt-BR')}: "pt-BR" is not a locale`,
    );
  });

  it('loads an empty tree (every lookup then misses)', () => {
    expect(createContentStore(root).find('published', 'en', 'faq')).toBeUndefined();
  });
});

describe('content schemas', () => {
  const validations = readJson(publishedFile('en', 'validations')) as Record<string, string>;
  const alerts = readJson(publishedFile('en', 'alerts')) as Record<string, Record<string, string>>;

  it('require the bound a validation message shows', () => {
    expect(
      validationsSchema.safeParse({ ...validations, between: 'The value is out of range' }).success,
    ).toBe(false);
    expect(
      validationsSchema.safeParse({ ...validations, required: 'Fill in {param}' }).success,
    ).toBe(false);
  });

  it('refuse placeholders in plain alerts and unbalanced braces', () => {
    expect(
      alertsSchema.safeParse({
        ...alerts,
        bonusIssued: { ...alerts.bonusIssued, title: 'Hi {nickname}' },
      }).success,
    ).toBe(false);
    expect(
      alertsSchema.safeParse({
        ...alerts,
        winner: { ...alerts.winner, title: 'Big win {nickname' },
      }).success,
    ).toBe(false);
  });

  it('accept only safe link targets in blocks', () => {
    const link = (url: string) =>
      contentBlockSchema.safeParse({ type: 'link', text: 'Go', url }).success;
    expect([
      link('/games'),
      link('#support-chat'),
      link('https://example.com'),
      link('mailto:help@coinfall.com'),
    ]).toEqual([true, true, true, true]);
    expect([
      link('javascript:alert(1)'),
      link('//evil.example'),
      link('http://example.com'),
      link('games'),
    ]).toEqual([false, false, false, false]);
  });
});

describe('formatFieldPath', () => {
  it('writes keys with dots and indexes in brackets', () => {
    expect(formatFieldPath(['categories', 2, 'questions', 0, 'answer'])).toBe(
      'categories[2].questions[0].answer',
    );
    expect(formatFieldPath([])).toBe('');
  });
});
