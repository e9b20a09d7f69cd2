import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContentDocumentSchema,
  adminContentListSchema,
  auditListSchema,
  contentManifestSchema,
  CONTENT_QUERIES,
  LOCALES,
} from '@coinfall/shared';
import { contentDocuments } from '../../src/db/schema/index.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import { createTestApp, TEST_PREVIEW_TOKEN, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * Content editing in the back office (issue 17, decision 055): a draft shows on the site only
 * through the preview token, publishing re-checks it against the schema, and a bad document is
 * refused naming its field and never reaches visitors. Every change leaves an audit row.
 */
let t: TestApp;
let marketing: SignedInStaff;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signedInStaff(t, 'marketing');
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => t?.close());

const PAGES = '/api/admin/content/pt-br/pages';
type Pages = { home: { title: string } & Record<string, unknown> } & Record<string, unknown>;

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  staff: SignedInStaff = marketing,
) => t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

async function documentNow() {
  const res = await call('GET', PAGES);
  expect(res.statusCode, res.body).toBe(200);
  return adminContentDocumentSchema.parse(res.json());
}

/** What a visitor (or, with the token, a previewing editor) is served for pt-br pages. */
async function siteHomeTitle(preview?: string): Promise<string> {
  const q = preview ? `?preview=${preview}` : '';
  const manifest = contentManifestSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/content/pt-br/manifest.json${q}` })).json(),
  );
  const entry = manifest.entries.pages!;
  const res = await t.app.inject({ method: 'GET', url: `/api/content/pt-br/${entry.path}${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pages>().home.title;
}

async function auditOf(action: string) {
  const res = await call(
    'GET',
    `/api/admin/audit?targetId=pt-br/pages&action=${action}`,
    undefined,
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json()).data;
}

const withTitle = (doc: Pages, title: string): Pages => ({ ...doc, home: { ...doc.home, title } });

describe('GET /api/admin/content', () => {
  it('lists every locale × query, paged on the server, filtered by locale', async () => {
    const first = adminContentListSchema.parse(
      (await call('GET', '/api/admin/content?perPage=5')).json(),
    );
    expect(first.data).toHaveLength(5);
    expect(first.meta.totalRows).toBe(LOCALES.length * CONTENT_QUERIES.length);
    const es = adminContentListSchema.parse(
      (await call('GET', '/api/admin/content?locale=es&perPage=100')).json(),
    );
    expect(es.data.every((d) => d.locale === 'es')).toBe(true);
    expect(es.meta.totalRows).toBe(CONTENT_QUERIES.length);
    expect(es.data.every((d) => d.source === 'file' && d.publishedHash)).toBe(true);
  });

  it('refuses an unknown locale naming the field', async () => {
    const res = await call('GET', '/api/admin/content?locale=fr');
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('query.locale');
  });
});

describe('drafts, preview and publishing', () => {
  it('keeps a draft out of the site until it is published, and shows it through the preview', async () => {
    const before = await documentNow();
    const published = before.published as Pages;
    expect(before.draftHash).toBeNull();
    expect(before.previewUrl).toBe(`/pt-br?preview=${TEST_PREVIEW_TOKEN}`);

    const saved = await call('PUT', `${PAGES}/draft`, {
      document: withTitle(published, 'Rascunho de teste'),
      reason: 'Autumn campaign',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = adminContentDocumentSchema.parse(saved.json());
    expect(draft.draftHash).toMatch(/^[0-9a-f]{16}$/);
    expect(draft.publishedHash).toBe(before.publishedHash);
    expect(draft.draftUpdatedBy).toBe(marketing.email);
    expect((draft.draft as Pages).home.title).toBe('Rascunho de teste');

    expect(await siteHomeTitle()).toBe(published.home.title);
    expect(await siteHomeTitle(TEST_PREVIEW_TOKEN)).toBe('Rascunho de teste');
    const [row] = await auditOf('content.draft-saved');
    expect(row).toMatchObject({
      staffId: marketing.id,
      targetType: 'content',
      reason: 'Autumn campaign',
      after: { draftHash: draft.draftHash },
    });

    const waiting = adminContentListSchema.parse(
      (await call('GET', '/api/admin/content?drafts=only')).json(),
    );
    expect(waiting.data.map((d) => `${d.locale}/${d.name}`)).toContain('pt-br/pages');

    // Publishing what was not reviewed (a stale hash) is refused; the site is unchanged.
    const stale = await call('POST', `${PAGES}/publish`, { draftHash: '0123456789abcdef' });
    expect(stale.statusCode).toBe(409);
    expect(await siteHomeTitle()).toBe(published.home.title);

    const done = await call('POST', `${PAGES}/publish`, { draftHash: draft.draftHash });
    expect(done.statusCode, done.body).toBe(200);
    const after = adminContentDocumentSchema.parse(done.json());
    expect(after).toMatchObject({
      source: 'edited',
      draftHash: null,
      publishedHash: draft.draftHash,
    });
    expect(await siteHomeTitle()).toBe('Rascunho de teste');
    const [audit] = await auditOf('content.published');
    expect(audit).toMatchObject({
      before: { publishedHash: before.publishedHash },
      after: { publishedHash: draft.draftHash },
    });

    // Put the original back (publishing again), as an editor undoing a change would.
    const back = adminContentDocumentSchema.parse(
      (await call('PUT', `${PAGES}/draft`, { document: published })).json(),
    );
    const restored = await call('POST', `${PAGES}/publish`, { draftHash: back.draftHash });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await siteHomeTitle()).toBe(published.home.title);
  });

  it('refuses a bad draft naming each field, and saves nothing', async () => {
    const { published } = await documentNow();
    const { home, ...rest } = published as Pages;
    const { title: _title, ...untitled } = home;
    const res = await call('PUT', `${PAGES}/draft`, {
      document: { ...rest, home: { ...untitled, subtitel: 'typo' } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(failedFields(res)).toEqual(
      expect.arrayContaining(['body.document.home.title', 'body.document.home.subtitel']),
    );
    expect((await documentNow()).draftHash).toBeNull();
  });

  it('never publishes a stored draft that fails the schema (one saved before it tightened)', async () => {
    const { published, publishedHash } = await documentNow();
    const { home, ...rest } = published as Pages;
    const body = `${JSON.stringify({ ...rest, home: { ...home, title: 42 } }, null, 2)}\n`;
    await t.database.db
      .insert(contentDocuments)
      .values({ edition: 'draft', locale: 'pt-br', name: 'pages', body, updatedBy: marketing.id });
    const { createHash } = await import('node:crypto');
    const draftHash = createHash('sha256').update(body).digest('hex').slice(0, 16);

    const res = await call('POST', `${PAGES}/publish`, { draftHash });
    expect(res.statusCode, res.body).toBe(400);
    expect(failedFields(res)).toEqual(['draft.home.title']);
    expect(errorOf(res).message).toContain('draft.home.title');
    expect((await documentNow()).publishedHash).toBe(publishedHash);
    expect(await siteHomeTitle()).toBe((published as Pages).home.title);

    // Discarding it is audited; a second discard finds nothing.
    const discarded = await call('DELETE', `${PAGES}/draft`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    const [row] = await auditOf('content.draft-discarded');
    expect(row).toMatchObject({ before: { draftHash }, after: { draftHash: null } });
    expect((await call('DELETE', `${PAGES}/draft`)).statusCode).toBe(404);
  });

  it('refuses to publish a link, image or icon that leads nowhere, naming where it is', async () => {
    const { published, publishedHash } = await documentNow();
    const pages = published as { home: { blocks: Record<string, unknown>[] } } & Pages;
    const blocks = pages.home.blocks.map((block, i) =>
      i === 2 ? { ...block, url: '/games/no-such-game' } : block,
    );
    const saved = adminContentDocumentSchema.parse(
      (
        await call('PUT', `${PAGES}/draft`, {
          document: { ...pages, home: { ...pages.home, blocks } },
        })
      ).json(),
    );
    const res = await call('POST', `${PAGES}/publish`, { draftHash: saved.draftHash });
    expect(res.statusCode, res.body).toBe(400);
    expect(failedFields(res)).toEqual(['draft.home.blocks[2].url']);
    expect(errorOf(res).message).toContain('no id "no-such-game" exists');
    expect((await documentNow()).publishedHash).toBe(publishedHash);
    expect((await call('DELETE', `${PAGES}/draft`)).statusCode).toBe(200);
  });

  it('refuses to remove a help category other documents still link to, naming the link', async () => {
    const url = '/api/admin/content/pt-br/faq';
    const now = adminContentDocumentSchema.parse((await call('GET', url)).json());
    const faq = now.published as { categories: { pageUrl: string }[] };
    const categories = faq.categories.filter((c) => c.pageUrl !== 'getting-started');
    const put = await call('PUT', `${url}/draft`, { document: { ...faq, categories } });
    expect(put.statusCode, put.body).toBe(200);
    const saved = adminContentDocumentSchema.parse(put.json());
    const res = await call('POST', `${url}/publish`, { draftHash: saved.draftHash });
    expect(res.statusCode, res.body).toBe(400);
    // The footer of the layout links to it.
    expect(failedFields(res)).toEqual(['main-layout.footer.columns[1].items[1].url']);
    expect(adminContentDocumentSchema.parse((await call('GET', url)).json()).publishedHash).toBe(
      now.publishedHash,
    );
    expect((await call('DELETE', `${url}/draft`)).statusCode).toBe(200);
  });

  it('names the field of a malformed publish body, and refuses a role without content.manage', async () => {
    const bad = await call('POST', `${PAGES}/publish`, { draftHash: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['body.draftHash']);
    const support = await signedInStaff(t, 'support');
    expect((await call('GET', PAGES, undefined, support)).statusCode).toBe(403);
  });
});
