import { describe, expect, it } from 'vitest';
import { createContentStore } from './content.store.ts';
import { createContentOverlay } from './content-overlay.ts';

const files = createContentStore();
const pagesFile = files.find('published', 'es', 'pages')!;
const pages = pagesFile.document as { home: { title: string } };
const edited = (title: string) =>
  `${JSON.stringify({ ...pages, home: { ...pages.home, title } }, null, 2)}\n`;
const titleOf = (doc: { document: unknown } | undefined) =>
  (doc?.document as typeof pages | undefined)?.home.title;

describe('the content overlay (decision 055)', () => {
  it('serves a saved edit over the file, drafts only to preview', () => {
    const overlay = createContentOverlay(files);
    overlay.replace([{ edition: 'draft', locale: 'es', name: 'pages', body: edited('Borrador') }]);
    expect(titleOf(overlay.find('published', 'es', 'pages'))).toBe(pages.home.title);
    expect(titleOf(overlay.find('drafts', 'es', 'pages'))).toBe('Borrador');
  });

  it('leaves out a saved row that fails its schema, so the file is served', () => {
    const overlay = createContentOverlay(files);
    const skipped = overlay.replace([
      { edition: 'published', locale: 'es', name: 'pages', body: '{"home": {}}' },
      { edition: 'published', locale: 'es', name: 'nothing', body: '{}' },
    ]);
    expect(skipped).toHaveLength(2);
    expect(overlay.find('published', 'es', 'pages')?.hash).toBe(pagesFile.hash);
  });

  it('hides the repo draft file once the document was published from the back office', () => {
    const overlay = createContentOverlay(files);
    expect(overlay.find('drafts', 'en', 'pages')?.hash).toBe(
      files.find('drafts', 'en', 'pages')?.hash,
    );
    overlay.replace([
      { edition: 'published', locale: 'en', name: 'pages', body: edited('Edited') },
    ]);
    expect(titleOf(overlay.find('drafts', 'en', 'pages'))).toBe('Edited');
  });

  it('ignores a table read that began before a local save (it may predate it)', () => {
    const overlay = createContentOverlay(files);
    const seen = overlay.generation();
    overlay.set('published', 'es', 'pages', files.find('published', 'en', 'pages'));
    overlay.replace([], seen);
    expect(overlay.isEdited('es', 'pages')).toBe(true);
    overlay.replace([]);
    expect(overlay.isEdited('es', 'pages')).toBe(false);
  });
});
