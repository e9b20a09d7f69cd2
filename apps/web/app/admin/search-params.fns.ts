/** The list pages keep their page and filters in the URL; these read them safely. */

const MAX_PAGE = 10_000;

/** An id as the API's uuid fields accept it: anything else would be a 400, so it is not sent. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?page=` as the API accepts it (1 – 10 000); anything else is the first page. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** A trimmed, non-empty filter value, or undefined (the API's "no filter"). */
export function filterOf(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
}

/**
 * The next URL query: `changes` applied (an empty value removes the parameter); any change of
 * a filter goes back to the first page, since its pages are other pages.
 */
export function withChanges(
  params: URLSearchParams,
  changes: Readonly<Record<string, string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text) next.set(name, text);
    else next.delete(name);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** A `<input type="datetime-local">` value (UTC, as the back office shows times) as ISO. */
export function isoFromLocalInput(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}${value.length === 16 ? ':00' : ''}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A submitted form's text field ('' for a missing one or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A value from a whitelist, or undefined (the API's default). */
export const oneOf = <T extends string>(
  list: readonly T[],
  value: string | undefined,
): T | undefined => list.find((item) => item === value);

/** The sort of a list page: a whitelisted column (anything else is the default) and order. */
export interface Sorting<S extends string> {
  sort: S;
  order: 'asc' | 'desc';
}

/**
 * `?sort=` and `?order=` as the API accepts them: an unknown column is `fallback`, an unknown
 * order the list's default (newest first; a queue's oldest first).
 */
export function sortingOf<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  fallback: S,
  fallbackOrder: 'asc' | 'desc' = 'desc',
): Sorting<S> {
  const order = filterOf(params, 'order');
  return {
    sort: oneOf(sorts, filterOf(params, 'sort')) ?? fallback,
    order: order === 'asc' || order === 'desc' ? order : fallbackOrder,
  };
}

/**
 * A click on a sortable column's header: the same column flips its order, another column starts
 * descending (largest, newest first), as the API's default is.
 */
export function nextSorting<S extends string>(current: Sorting<S>, column: S): Sorting<S> {
  if (current.sort === column)
    return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'desc' };
}
