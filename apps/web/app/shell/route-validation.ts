import { data } from 'react-router';

/** A pageUrl/slug as content editors write them: lower-case words joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
/** A game is addressed by its numeric id or by its identity slug (free-spin alerts use it). */
const GAME_ID_PATTERN = /^(?:\d+|[a-z0-9][a-z0-9_-]*)$/;

export type ParamRule = 'id' | 'slug' | { oneOf: readonly string[] };
export type ParamRules = Record<string, ParamRule>;

/** Social-login connections the callback route accepts. */
export { SOCIAL_CONNECTIONS } from '@coinfall/shared/contracts/social';

export function isValidParam(value: string | undefined, rule: ParamRule): boolean {
  if (value === undefined || value === '') return false;
  if (rule === 'id') return GAME_ID_PATTERN.test(value);
  if (rule === 'slug') return SLUG_PATTERN.test(value);
  return rule.oneOf.includes(value);
}

/** Names of the params that break their rule (empty when all pass). */
export function failingParams(
  params: Record<string, string | undefined>,
  rules: ParamRules,
): string[] {
  return Object.entries(rules)
    .filter(([name, rule]) => !isValidParam(params[name], rule))
    .map(([name]) => name);
}

/** Spec §8: a status code outside 100–999 (or not a whole number) falls back to a default. */
export function statusOrDefault(status: unknown, fallback = 500): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 999
    ? status
    : fallback;
}

/**
 * The status a page's response carries: the spec's range first, then what an HTTP response can
 * say (the Fetch Response takes 200–599; a 1xx or 6xx–9xx would throw while the page streams).
 */
export function pageResponseStatus(status: unknown): number {
  const code = statusOrDefault(status);
  return code >= 200 && code <= 599 ? code : 500;
}

export interface NotFoundData {
  path: string;
}

/** The 404 the error boundary turns into 'Page Not Found: {path}' (spec §8). */
export function notFound(request: Request): never {
  const { pathname } = new URL(request.url);
  throw data<NotFoundData>({ path: pathname }, { status: 404 });
}

/**
 * The 404 of a page whose query names what does not exist (/games?collection=…): the path shown
 * keeps those parameters, so the player sees what was not found; the rest of the query (tracking
 * and the like) stays out, as for notFound.
 */
export function notFoundWithQuery(request: Request, names: readonly string[]): never {
  const { pathname, searchParams } = new URL(request.url);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  throw data<NotFoundData>({ path: query ? `${pathname}?${query}` : pathname }, { status: 404 });
}

/** Route validation check of spec §2: a failing rule shows the 404 page for the requested path. */
export function validateRouteParams(
  request: Request,
  params: Record<string, string | undefined>,
  rules: ParamRules,
): void {
  if (failingParams(params, rules).length > 0) notFound(request);
}
