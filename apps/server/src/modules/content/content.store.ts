import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTENT_QUERIES,
  CONTENT_SCHEMAS,
  LOCALES,
  isLocale,
  type ContentQuery,
  type Locale,
} from '@coinfall/shared';
import { describeContentIssues } from './content.fns.ts';

export interface StoredDocument {
  bytes: Buffer;
  document: unknown;
  hash: string;
  integrity: string;
}

export type ContentEdition = 'published' | 'drafts';
const EDITIONS: readonly ContentEdition[] = ['published', 'drafts'];
type Documents = Map<string, StoredDocument>;

export const CONTENT_ROOT = fileURLToPath(new URL('../../../content', import.meta.url));

/** Every problem in the content tree at once, so an editor fixes them all in one round. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid content, the server will not start:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ContentError';
  }
}

const key = (locale: Locale, name: ContentQuery) => `${locale}/${name}`;
const isQuery = (name: string): name is ContentQuery =>
  (CONTENT_QUERIES as readonly string[]).includes(name);
/** Dotfiles (.gitkeep, editor swap files) are not content. */
const visible = (dir: string) => readdirSync(dir).filter((entry) => !entry.startsWith('.'));

/** Reads, parses and validates one file; returns the problems instead of throwing. */
function readDocument(
  file: string,
  name: ContentQuery,
): { doc?: StoredDocument; problems: string[] } {
  const bytes = readFileSync(file);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    return { problems: [`${file}: not valid JSON (${(err as Error).message})`] };
  }
  const parsed = CONTENT_SCHEMAS[name].safeParse(json);
  if (!parsed.success)
    return { problems: describeContentIssues(parsed.error.issues).map((p) => `${file}: ${p}`) };
  return { problems: [], doc: toStoredDocument(bytes, parsed.data) };
}

/** A validated document with the hash of its bytes and their subresource integrity. */
export function toStoredDocument(bytes: Buffer, document: unknown): StoredDocument {
  return {
    bytes,
    document,
    // The hash is part of the URL, so a change of bytes is a new URL and caches never go stale.
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
  };
}

/**
 * A misspelt file or folder name would silently drop a document and show the fallback
 * locale instead, so anything that is not "<locale>/<query>.json" is a problem too.
 */
function loadEdition(root: string, edition: ContentEdition, problems: string[]): Documents {
  const documents: Documents = new Map();
  const editionDir = path.join(root, edition);
  if (!existsSync(editionDir)) return documents;
  for (const locale of visible(editionDir)) {
    const dir = path.join(editionDir, locale);
    if (!isLocale(locale)) {
      problems.push(`${dir}: "${locale}" is not a locale (expected one of ${LOCALES.join(', ')})`);
      continue;
    }
    for (const file of visible(dir)) {
      const name = file.replace(/\.json$/, '');
      if (!file.endsWith('.json') || !isQuery(name)) {
        problems.push(
          `${path.join(dir, file)}: not a content document (expected <query>.json, query one of ${CONTENT_QUERIES.join(', ')})`,
        );
        continue;
      }
      const { doc, problems: found } = readDocument(path.join(dir, file), name);
      problems.push(...found);
      if (doc) documents.set(key(locale, name), doc);
    }
  }
  return documents;
}

/**
 * Content documents kept as files in the repo, read and validated once at start-up:
 * published ones, and drafts that only a preview token shows. A draft overrides the
 * published document. Throws a ContentError naming every bad file and field.
 */
export function createContentStore(root: string = CONTENT_ROOT) {
  const problems: string[] = [];
  const [published, drafts] = EDITIONS.map((edition) => loadEdition(root, edition, problems)) as [
    Documents,
    Documents,
  ];
  if (problems.length > 0) throw new ContentError(problems);
  return {
    find(edition: ContentEdition, locale: Locale, name: ContentQuery): StoredDocument | undefined {
      const k = key(locale, name);
      return edition === 'drafts' ? (drafts.get(k) ?? published.get(k)) : published.get(k);
    },
  };
}
export type ContentStore = ReturnType<typeof createContentStore>;
