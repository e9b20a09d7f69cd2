import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONTENT_QUERIES,
  LOCALES,
  contentManifestSchema,
  errorBodySchema,
  type ContentManifest,
  type Locale,
} from '@coinfall/shared';
import { CONTENT_ROOT, createContentStore } from '../../src/modules/content/content.store.ts';
import { createContentService } from '../../src/modules/content/content.service.ts';
import { createTestApp, TEST_PREVIEW_TOKEN, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const IMMUTABLE = 'public, max-age=31536000, immutable';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

async function manifestOf(
  locale: Locale,
  query = '',
  headers: Record<string, string> = {},
): Promise<ContentManifest> {
  const res = await get(`/api/content/${locale}/manifest.json${query}`, headers);
  expect(res.statusCode).toBe(200);
  return contentManifestSchema.parse(res.json());
}

describe('GET /api/content/:locale/manifest.json', () => {
  it.each(LOCALES)('lists every content query of %s from that locale itself', async (locale) => {
    const res = await get(`/api/content/${locale}/manifest.json`);
    expect(res.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const manifest = contentManifestSchema.parse(res.json());
    expect(manifest).toMatchObject({ locale, preview: false });
    expect(Object.keys(manifest.entries).sort()).toEqual([...CONTENT_QUERIES].sort());
    for (const [name, entry] of Object.entries(manifest.entries)) {
      expect(entry).toMatchObject({ locale, path: `${name}.${entry.hash}.json` });
      expect(entry.hash).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('refuses a locale we do not ship with 400 naming params.locale', async () => {
    const res = await get('/api/content/xx/manifest.json');
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.fields?.map((f) => f.field)).toEqual(['params.locale']);
  });
});

describe('GET /api/content/:locale/:query.:hash.json', () => {
  it.each(LOCALES)(
    'serves every %s document at its hashed path: the file bytes, matching the integrity, cached forever',
    async (locale) => {
      const manifest = await manifestOf(locale);
      for (const name of CONTENT_QUERIES) {
        const entry = manifest.entries[name];
        if (!entry) throw new Error(`manifest of ${locale} lacks ${name}`);
        const res = await get(`/api/content/${locale}/${entry.path}`);
        expect(res.statusCode).toBe(200);
        expect(
          res.rawPayload.equals(
            readFileSync(path.join(CONTENT_ROOT, 'published', entry.locale, `${name}.json`)),
          ),
        ).toBe(true);
        expect(sha384(res.rawPayload)).toBe(entry.integrity);
        expect(res.headers['x-content-integrity']).toBe(entry.integrity);
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    },
  );

  it('answers a hash that is no longer current with 404 in the error wire shape', async () => {
    const res = await get('/api/content/en/faq.0000000000000000.json', {
      'x-request-id': 'req-stale-hash-1',
    });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json())).toMatchObject({
      code: 'NOT_FOUND',
      requestId: 'req-stale-hash-1',
    });
  });

  it('refuses an unknown query name with 400 naming params.file', async () => {
    const res = await get('/api/content/en/jackpots.0123456789abcdef.json');
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.fields?.[0]?.field).toBe('params.file');
  });

  it('refuses a file name without a 16-digit hash with 400 naming params.file', async () => {
    const res = await get('/api/content/en/faq.json');
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).details?.fields?.[0]?.field).toBe('params.file');
  });

  it('refuses a bad locale with 400 naming params.locale', async () => {
    const { entries } = await manifestOf('en');
    const res = await get(`/api/content/EN/${entries.faq?.path}`);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).details?.fields?.[0]?.field).toBe('params.locale');
  });
});

describe('content preview', () => {
  const previewQuery = `?preview=${TEST_PREVIEW_TOKEN}`;
  const previewCookie = { cookie: `content_preview=${TEST_PREVIEW_TOKEN}` };
  const homeTitle = (bytes: Buffer) =>
    (JSON.parse(bytes.toString('utf8')) as { home: { title: string } }).home.title;

  it('gives drafted documents a different hash in the preview manifest, and nothing else', async () => {
    const [published, preview] = [await manifestOf('en'), await manifestOf('en', previewQuery)];
    expect(preview.preview).toBe(true);
    const changed = CONTENT_QUERIES.filter(
      (name) => preview.entries[name]?.hash !== published.entries[name]?.hash,
    );
    // The repo's drafts: a home page, and a registration field list (decision 053).
    expect([...changed].sort()).toEqual(['global-components', 'pages']);
  });

  it('serves the preview manifest uncached', async () => {
    const res = await get(`/api/content/en/manifest.json${previewQuery}`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['the query', previewQuery, {}],
    ['the content_preview cookie', '', previewCookie],
  ] as const)('serves the draft through %s, uncached', async (_how, query, headers) => {
    const draft = (await manifestOf('en', query, headers)).entries.pages;
    const published = (await manifestOf('en')).entries.pages;
    const res = await get(`/api/content/en/${draft?.path}${query}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sha384(res.rawPayload)).toBe(draft?.integrity);
    const publishedBytes = (await get(`/api/content/en/${published?.path}`)).rawPayload;
    expect(homeTitle(res.rawPayload)).not.toBe(homeTitle(publishedBytes));
  });

  it('keeps drafts out of reach without the token', async () => {
    const draft = (await manifestOf('en', previewQuery)).entries.pages;
    const res = await get(`/api/content/en/${draft?.path}`);
    expect(res.statusCode).toBe(404);
  });

  it('falls back to the published document of the same locale where that locale has no draft', async () => {
    const [published, preview] = [await manifestOf('es'), await manifestOf('es', previewQuery)];
    expect(preview.entries.pages).toEqual(published.entries.pages);
  });

  it('answers a wrong preview token with 403, in the query or the cookie', async () => {
    const pages = (await manifestOf('en')).entries.pages;
    for (const res of [
      await get('/api/content/en/manifest.json?preview=not-the-token-at-all'),
      await get(`/api/content/en/${pages?.path}?preview=not-the-token-at-all`),
      await get('/api/content/en/manifest.json', {
        cookie: 'content_preview=not-the-token-at-all',
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorBodySchema.parse(res.json()).code).toBe('FORBIDDEN');
    }
  });
});

describe('locale fallback (content service on a store with gaps)', () => {
  let root: string;
  const write = (relative: string, file: string) => {
    const target = path.join(root, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(path.join(CONTENT_ROOT, 'published', file)));
  };

  beforeAll(() => {
    // en has faq and alerts; es has only its own alerts; pt-br has nothing at all.
    root = mkdtempSync(path.join(os.tmpdir(), 'coinfall-content-'));
    write('published/en/faq.json', 'en/faq.json');
    write('published/en/alerts.json', 'en/alerts.json');
    write('published/es/alerts.json', 'es/alerts.json');
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('takes a document a locale lacks from the default locale and says so in the manifest', () => {
    const content = createContentService({
      store: createContentStore(root),
      previewToken: undefined,
    });
    const en = content.manifest('en').entries;
    const es = content.manifest('es');
    expect(es.entries.faq).toEqual({ ...en.faq, locale: 'en' });
    expect(es.entries.alerts?.locale).toBe('es');
    expect(es.entries.alerts?.hash).not.toBe(en.alerts?.hash);
    expect(Object.values(content.manifest('pt-br').entries).map((e) => e.locale)).toEqual([
      'en',
      'en',
    ]);
    expect(Object.keys(es.entries).sort()).toEqual(['alerts', 'faq']);
  });

  it('serves the fallback bytes under the asking locale and 404s a document no locale has', () => {
    const content = createContentService({
      store: createContentStore(root),
      previewToken: undefined,
    });
    const faq = content.get('es', 'faq');
    expect(faq.locale).toBe('en');
    expect(
      content
        .getBytes('es', 'faq', faq.hash)
        .bytes.equals(readFileSync(path.join(root, 'published/en/faq.json'))),
    ).toBe(true);
    expect(() => content.get('es', 'banners')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });

  it('refuses every preview when no preview token is configured', () => {
    const content = createContentService({
      store: createContentStore(root),
      previewToken: undefined,
    });
    expect(() => content.manifest('en', { preview: TEST_PREVIEW_TOKEN })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(content.isPreviewToken(TEST_PREVIEW_TOKEN)).toBe(false);
  });
});
