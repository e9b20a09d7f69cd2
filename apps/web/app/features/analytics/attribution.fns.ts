import {
  AB_GROUPS,
  FUNNEL_TYPES,
  MARKETING_PARAMS,
  type MarketingParam,
} from '@coinfall/shared/attribution-constants';
import type { Attribution } from '@coinfall/shared/contracts/attribution';

/** Local-storage keys of spec §3 (the shell's query tracking writes them, this reads them). */
export const STORAGE_KEYS = {
  uid: 'uid',
  affiliateTag: 'affiliateTag',
  funnelType: 'funnel_type',
  utmParams: 'utm_params',
  ampRegParams: 'amp_reg_params',
  abGroup: 'ab_group',
  /** The affiliate network's click id (`affclick` in the landing query), spent by the pixel. */
  affclick: 'affclick',
} as const;

export type TrackedParams = Partial<Record<MarketingParam, string>>;

/** Reads the stored JSON back, keeping only known string params (storage can hold anything). */
export function parseStoredTrackedParams(json: string | null): TrackedParams {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object') return {};
    const record = value as Record<string, unknown>;
    const parsed: TrackedParams = {};
    for (const name of MARKETING_PARAMS) {
      const v = record[name];
      if (typeof v === 'string' && v) parsed[name] = v.slice(0, 256);
    }
    return parsed;
  } catch {
    return {};
  }
}

const TAG = /^[\w.:~-]{1,128}$/;

/**
 * What a registration sends of the visit (issue 19): the stored affiliate tag, tracked
 * parameters, A/B group and funnel type — only values the server's schema accepts, so a tampered
 * storage never costs the player the sign-up.
 */
export function attributionFromStorage(store: Pick<Storage, 'getItem'>): Attribution {
  const attribution: Attribution = {
    ...parseStoredTrackedParams(store.getItem(STORAGE_KEYS.utmParams)),
  };
  const tag = store.getItem(STORAGE_KEYS.affiliateTag)?.trim();
  if (tag && TAG.test(tag)) attribution.affiliateTag = tag;
  const group = AB_GROUPS.find((g) => g === store.getItem(STORAGE_KEYS.abGroup));
  if (group) attribution.abGroup = group;
  const funnel = FUNNEL_TYPES.find((f) => f === store.getItem(STORAGE_KEYS.funnelType));
  if (funnel) attribution.funnelType = funnel;
  return attribution;
}

/** The affclick pixel's address: the host's URL with offer, goal and status (spec §7). */
export function affiliatePixelUrl(
  pixel: { url: string; offer: string; goal: string; status: string },
  click: string,
  base: string,
): string {
  const url = new URL(pixel.url, base);
  url.searchParams.set('offer', pixel.offer);
  url.searchParams.set('goal', pixel.goal);
  url.searchParams.set('status', pixel.status);
  url.searchParams.set('click', click.slice(0, 128));
  return url.toString();
}

/** The user properties a player's analytics carry: where they came from and their funnel. */
export function attributionUserProperties(attribution: Attribution): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [key, value] of Object.entries(attribution)) if (value) props[key] = value;
  return props;
}
