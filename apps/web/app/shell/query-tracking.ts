import {
  POST_NAVIGATION_DELAY_MS,
  POST_NAVIGATION_DELAY_PROFILE_MS,
} from '@coinfall/shared/constants';

/** Marketing parameters of spec §3, persisted and re-added to the URL after each navigation. */
export const TRACKED_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gad_source',
  'gclid',
] as const;
export type TrackedParam = (typeof TRACKED_PARAMS)[number];
export type TrackedParams = Partial<Record<TrackedParam, string>>;

export const IS_AUTH_PARAM = 'is_auth';
export const AFFILIATE_PARAM = 'stag';
export const PROFILE_PARAM = 'profile';

/** Local-storage keys of spec §3. */
export const STORAGE_KEYS = {
  uid: 'uid',
  affiliateTag: 'affiliateTag',
  funnelType: 'funnel_type',
  utmParams: 'utm_params',
  ampRegParams: 'amp_reg_params',
  abGroup: 'ab_group',
} as const;

/** The tracked parameters present (non-empty) in a query. */
export function pickTrackedParams(search: URLSearchParams): TrackedParams {
  const picked: TrackedParams = {};
  for (const name of TRACKED_PARAMS) {
    const value = search.get(name);
    if (value) picked[name] = value;
  }
  return picked;
}

/** Stored values, overridden by any the current URL brings (a new campaign click wins). */
export function mergeTrackedParams(stored: TrackedParams, fromUrl: TrackedParams): TrackedParams {
  return { ...stored, ...fromUrl };
}

/** Reads the stored JSON back, keeping only known string params (storage can hold anything). */
export function parseStoredTrackedParams(json: string | null): TrackedParams {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object') return {};
    const record = value as Record<string, unknown>;
    const parsed: TrackedParams = {};
    for (const name of TRACKED_PARAMS) {
      const v = record[name];
      if (typeof v === 'string' && v) parsed[name] = v;
    }
    return parsed;
  } catch {
    return {};
  }
}

/**
 * The query a page should carry: is_auth set to the login state and every persisted tracking
 * parameter the URL lacks added back. Other parameters (modal, preview…) stay as they are.
 * Returns the search string with "?" or "" when empty.
 */
export function withTrackingParams(
  search: string,
  options: { isAuthenticated: boolean; tracked: TrackedParams },
): string {
  const params = new URLSearchParams(search);
  params.set(IS_AUTH_PARAM, String(options.isAuthenticated));
  for (const name of TRACKED_PARAMS) {
    const value = options.tracked[name];
    if (value && !params.get(name)) params.set(name, value);
  }
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** Spec §2/§9: the post-navigation task waits 100 ms, or 5000 ms with the profile query. */
export function postNavigationDelay(search: URLSearchParams): number {
  return search.has(PROFILE_PARAM) ? POST_NAVIGATION_DELAY_PROFILE_MS : POST_NAVIGATION_DELAY_MS;
}

export type AffiliateTagAction =
  { kind: 'store'; tag: string } | { kind: 'remove' } | { kind: 'keep' };

/**
 * Spec §4 "Affiliate tag": logged in removes it; a guest with a stag query stores it; otherwise
 * it is removed unless the visit has back-navigation state (the player came back within the site).
 */
export function affiliateTagAction(input: {
  isAuthenticated: boolean;
  stag: string | null;
  hasBackState: boolean;
}): AffiliateTagAction {
  if (input.isAuthenticated) return { kind: 'remove' };
  if (input.stag) return { kind: 'store', tag: input.stag };
  return input.hasBackState ? { kind: 'keep' } : { kind: 'remove' };
}

/** amp_reg_params: every query parameter of the first visit. */
export function registrationParams(search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(search.entries());
}
