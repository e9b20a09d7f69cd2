import { timingSafeEqual } from 'node:crypto';
import {
  CONTENT_QUERIES,
  DEFAULT_LOCALE,
  type ContentManifest,
  type ContentQuery,
  type Locale,
  type ResolvedContent,
} from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import type { ContentEdition, ContentStore, StoredDocument } from './content.store.ts';

export interface ContentServiceDeps {
  store: Pick<ContentStore, 'find'>;
  /** The token that unlocks drafts; previews are off when it is undefined. */
  previewToken: string | undefined;
}

export function createContentService({ store, previewToken }: ContentServiceDeps) {
  const expected = previewToken ? Buffer.from(previewToken) : undefined;

  function isPreviewToken(token: string | undefined): boolean {
    if (!expected || !token) return false;
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A wrong token is an error rather than a silent fallback, so an editor knows at once. */
  function editionFor(preview: string | undefined): ContentEdition {
    if (preview === undefined || preview === '') return 'published';
    if (!isPreviewToken(preview)) throw new AppError('FORBIDDEN', 'The preview token is not valid');
    return 'drafts';
  }

  function resolve(
    edition: ContentEdition,
    locale: Locale,
    name: ContentQuery,
  ): { doc: StoredDocument; locale: Locale } {
    const own = store.find(edition, locale, name);
    if (own) return { doc: own, locale };
    const fallback = store.find(edition, DEFAULT_LOCALE, name);
    if (fallback) return { doc: fallback, locale: DEFAULT_LOCALE };
    throw AppError.notFound(`Content "${name}"`);
  }

  return {
    isPreviewToken,

    get(locale: Locale, name: ContentQuery, options: { preview?: string } = {}): ResolvedContent {
      const { doc, locale: from } = resolve(editionFor(options.preview), locale, name);
      return {
        name,
        locale: from,
        hash: doc.hash,
        integrity: doc.integrity,
        document: doc.document,
      };
    },

    /** The bytes behind a hashed URL; a hash that is no longer current is a 404. */
    getBytes(locale: Locale, name: ContentQuery, hash: string, options: { preview?: string } = {}) {
      const { doc } = resolve(editionFor(options.preview), locale, name);
      if (doc.hash !== hash) throw AppError.notFound(`Content "${name}" version ${hash}`);
      return { bytes: doc.bytes, integrity: doc.integrity };
    },

    manifest(locale: Locale, options: { preview?: string } = {}): ContentManifest {
      const edition = editionFor(options.preview);
      const entries: ContentManifest['entries'] = {};
      for (const name of CONTENT_QUERIES) {
        const own = store.find(edition, locale, name) ? locale : DEFAULT_LOCALE;
        const doc = store.find(edition, own, name);
        if (doc)
          entries[name] = {
            path: `${name}.${doc.hash}.json`,
            hash: doc.hash,
            integrity: doc.integrity,
            locale: own,
          };
      }
      return { locale, preview: edition === 'drafts', entries };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
