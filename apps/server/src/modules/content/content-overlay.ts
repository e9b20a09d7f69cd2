import {
  CONTENT_SCHEMAS,
  isLocale,
  type ContentQuery,
  type Locale,
  CONTENT_QUERIES,
} from '@coinfall/shared';
import type { ContentEdition, ContentStore, StoredDocument } from './content.store.ts';
import { toStoredDocument } from './content.store.ts';

/** A content row as the back office saved it (content_documents). */
export interface EditedContent {
  edition: 'draft' | 'published';
  locale: string;
  name: string;
  body: string;
}

const key = (locale: Locale, name: ContentQuery) => `${locale}/${name}`;
const isQuery = (name: string): name is ContentQuery =>
  (CONTENT_QUERIES as readonly string[]).includes(name);

/** Parses and validates a saved row; undefined when it no longer passes its schema. */
export function storedFromBody(name: ContentQuery, body: string): StoredDocument | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = CONTENT_SCHEMAS[name].safeParse(json);
  return parsed.success ? toStoredDocument(Buffer.from(body, 'utf8'), parsed.data) : undefined;
}

/**
 * The repo's files with the back office's edits on top (decision 055). Reads stay synchronous
 * (the site renders with them): the edits live in memory, replaced whole from the table by
 * `replace` (at start and every few seconds) and set at once on the node that saved them.
 * Once a document is published from the back office, the repo's draft file of it no longer
 * shows in preview: the edit is newer than that file.
 */
export function createContentOverlay(files: Pick<ContentStore, 'find'>) {
  let drafts = new Map<string, StoredDocument>();
  let published = new Map<string, StoredDocument>();
  /** Moves at each local `set`: a read of the table begun before it is older than it. */
  let generation = 0;

  return {
    find(edition: ContentEdition, locale: Locale, name: ContentQuery): StoredDocument | undefined {
      const k = key(locale, name);
      const live = published.get(k) ?? files.find('published', locale, name);
      if (edition === 'published') return live;
      return drafts.get(k) ?? (published.has(k) ? live : files.find('drafts', locale, name));
    },
    /** The draft saved in the back office alone (not the repo's draft file). */
    editedDraft(locale: Locale, name: ContentQuery): StoredDocument | undefined {
      return drafts.get(key(locale, name));
    },
    isEdited(locale: Locale, name: ContentQuery): boolean {
      return published.has(key(locale, name));
    },
    set(
      edition: 'draft' | 'published',
      locale: Locale,
      name: ContentQuery,
      doc: StoredDocument | undefined,
    ) {
      generation += 1;
      const map = edition === 'draft' ? drafts : published;
      if (doc) map.set(key(locale, name), doc);
      else map.delete(key(locale, name));
    },
    /**
     * Every saved row at once. A row that no longer passes its schema (a deploy tightened it)
     * is left out, so the file shows instead of a document the site cannot render; it is
     * returned so the caller can log it.
     */
    generation: () => generation,
    replace(rows: readonly EditedContent[], readAtGeneration = generation): EditedContent[] {
      // A local save landed while the rows were read: they may predate it; the next read won't.
      if (readAtGeneration !== generation) return [];
      const next = {
        draft: new Map<string, StoredDocument>(),
        published: new Map<string, StoredDocument>(),
      };
      const skipped: EditedContent[] = [];
      for (const row of rows) {
        const doc =
          isLocale(row.locale) && isQuery(row.name)
            ? storedFromBody(row.name, row.body)
            : undefined;
        if (!doc) skipped.push(row);
        else next[row.edition].set(`${row.locale}/${row.name}`, doc);
      }
      drafts = next.draft;
      published = next.published;
      return skipped;
    },
  };
}
export type ContentOverlay = ReturnType<typeof createContentOverlay>;
