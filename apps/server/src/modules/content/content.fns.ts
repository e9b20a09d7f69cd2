import type { z } from 'zod';

/** The cookie a preview session keeps its token in (spec §4). */
export const PREVIEW_COOKIE = 'content_preview';

/** `categories[2].questions[0].answer`: the path an editor looks for in the JSON file. */
export function formatFieldPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((out, segment) => {
    if (typeof segment === 'number') return `${out}[${segment}]`;
    const name = String(segment);
    return out ? `${out}.${name}` : name;
  }, '');
}

/** One line per failing field, "field: message", with unknown keys named one by one. */
export function describeContentIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map(
        (k) => `${formatFieldPath([...issue.path, k])}: unknown field (a typo?)`,
      );
    }
    const at = formatFieldPath(issue.path) || '(document)';
    // zod words a missing field as "expected object, received undefined"; say it plainly.
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      return [`${at}: missing (expected ${issue.expected})`];
    }
    return [`${at}: ${issue.message}`];
  });
}

/**
 * The failing fields of a document as the API names them (`body.document.home.title`), one per
 * issue, unknown keys one by one: the back office shows each beside its field.
 */
/** `prefix.path`, or `prefix[0]…` when the path starts with an index (the prefix alone: none). */
export const fieldAt = (prefix: string, at: string): string =>
  at ? `${prefix}${at.startsWith('[') ? '' : '.'}${at}` : prefix;

export function contentFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix: string,
): { field: string; message: string }[] {
  return issues.flatMap((issue) => {
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => ({ path: [...issue.path, k], message: 'unknown field (a typo?)' }))
        : [{ path: issue.path, message: issue.message }];
    return paths.map(({ path, message }) => ({
      field: fieldAt(prefix, formatFieldPath(path)),
      message,
    }));
  });
}
