import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_QUERIES, LOCALES, type ContentQuery, type Locale } from '@coinfall/shared';

export interface StoredDocument {
  bytes: Buffer;
  document: unknown;
  hash: string;
  integrity: string;
}

export type ContentEdition = 'published' | 'drafts';
type Documents = Map<string, StoredDocument>;

export const CONTENT_ROOT = fileURLToPath(new URL('../../../content', import.meta.url));

const key = (locale: Locale, name: ContentQuery) => `${locale}/${name}`;

function readDocument(file: string): StoredDocument {
  const bytes = readFileSync(file);
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Content file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  return {
    bytes,
    document,
    // The hash is part of the URL, so a change of bytes is a new URL and caches never go stale.
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
  };
}

function loadEdition(root: string, edition: ContentEdition): Documents {
  const documents: Documents = new Map();
  for (const locale of LOCALES) {
    const dir = path.join(root, edition, locale);
    if (!existsSync(dir)) continue;
    const names = new Set(readdirSync(dir));
    for (const name of CONTENT_QUERIES) {
      if (names.has(`${name}.json`)) documents.set(key(locale, name), readDocument(path.join(dir, `${name}.json`)));
    }
  }
  return documents;
}

/**
 * Content documents kept as files in the repo, read once at start-up: published ones, and
 * drafts that only a preview token shows. A draft overrides the published document.
 */
export function createContentStore(root: string = CONTENT_ROOT) {
  const published = loadEdition(root, 'published');
  const drafts = loadEdition(root, 'drafts');
  return {
    find(edition: ContentEdition, locale: Locale, name: ContentQuery): StoredDocument | undefined {
      const k = key(locale, name);
      return edition === 'drafts' ? (drafts.get(k) ?? published.get(k)) : published.get(k);
    },
  };
}
export type ContentStore = ReturnType<typeof createContentStore>;
