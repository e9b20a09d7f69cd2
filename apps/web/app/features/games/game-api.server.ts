import type { z } from 'zod';
import type { SiteLoadContext } from '@coinfall/shared';
import { toQueryString } from '../../lib/api/api-client.fns';

/**
 * The public game catalog for route loaders (server-rendered lobby, home sections, game page),
 * read in process through the load context (the API's own routes, never over the network: a
 * URL built from the request's Host header would let a caller point the server anywhere).
 * Answers are cached briefly: the catalog changes rarely, and the home page must not pay for it
 * on every request. Player data (favourites, recently played) is never read here: the browser
 * asks for it with the player's token.
 */
const CACHE_MS = 30_000;
const MAX_ENTRIES = 500;

const cache = new Map<string, { at: number; value: Promise<unknown> }>();

export class GameApiError extends Error {
  constructor(readonly status: number) {
    super(`Game API answered ${status}`);
    this.name = 'GameApiError';
  }
}

async function readJson(context: SiteLoadContext, url: string): Promise<unknown> {
  const { status, body } = await context.services.publicGameApi.get(url);
  if (status < 200 || status >= 300) throw new GameApiError(status);
  return body;
}

/** GET a public game API path, parsed with its shared schema; throws GameApiError on a non-2xx. */
export async function readGameApi<S extends z.ZodType>(
  context: SiteLoadContext,
  path: string,
  schema: S,
  query?: Parameters<typeof toQueryString>[0],
): Promise<z.infer<S>> {
  const url = `${path}${query ? toQueryString(query) : ''}`;
  const now = Date.now();
  const hit = cache.get(url);
  if (hit && now - hit.at < CACHE_MS) return schema.parse(await hit.value);
  const value = readJson(context, url);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(url, { at: now, value });
  // A failure is not remembered: the next request tries again.
  value.catch(() => cache.delete(url));
  return schema.parse(await value);
}

/** The same, with null instead of an error (a section that may be missing). */
export async function readGameApiOrNull<S extends z.ZodType>(
  ...args: Parameters<typeof readGameApi<S>>
): Promise<z.infer<S> | null> {
  try {
    return await readGameApi(...args);
  } catch {
    return null;
  }
}
