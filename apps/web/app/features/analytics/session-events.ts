import type { Attribution } from '@coinfall/shared/contracts/attribution';
import type { SiteGrowthConfig } from '@coinfall/shared';
import { ANALYTICS_EVENTS } from './analytics-settings.ts';
import {
  STORAGE_KEYS,
  affiliatePixelUrl,
  attributionFromStorage,
  attributionUserProperties,
} from './attribution.fns.ts';
import { identifyPlayer, track } from './track.ts';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** What a sign-up sends of the visit: tag, UTM / click ids, A/B group and funnel (issue 19). */
export function registrationAttribution(): Attribution | undefined {
  const store = storage();
  if (!store) return undefined;
  const attribution = attributionFromStorage(store);
  return Object.keys(attribution).length > 0 ? attribution : undefined;
}

/**
 * The affclick pixel (spec §7): a hidden 1×1 image from the affiliate host, for a newly
 * registered player who came with a click marker. The marker is spent first, so it fires once.
 * Called after the registration has sent the attribution, which read the tag already.
 */
export function fireAffiliatePixel(pixel: SiteGrowthConfig['affiliatePixel'] | undefined): boolean {
  const store = storage();
  if (!pixel || !store) return false;
  // The tag is the click (the shell keeps it only for the visit that came with `stag`); the
  // network's own click id, when it sent one, is the marker's value.
  const click = store.getItem(STORAGE_KEYS.affclick) ?? store.getItem(STORAGE_KEYS.affiliateTag);
  if (!click) return false;
  store.removeItem(STORAGE_KEYS.affclick);
  store.removeItem(STORAGE_KEYS.affiliateTag);
  const img = document.createElement('img');
  img.width = 1;
  img.height = 1;
  img.alt = '';
  img.setAttribute('aria-hidden', 'true');
  img.setAttribute('data-affclick', '');
  img.style.position = 'absolute';
  img.style.left = '-9999px';
  img.src = affiliatePixelUrl(pixel, click, window.location.origin);
  document.body.append(img);
  return true;
}

/**
 * A session opened (spec §4 "Login flow"): the player's events carry their id from here on, the
 * visit's attribution becomes their first-touch properties, and a registration fires the pixel.
 */
export function trackSessionOpened(
  profile: { id: string },
  how: { registered: boolean; method: string },
  pixel?: SiteGrowthConfig['affiliatePixel'],
): void {
  const store = storage();
  const attribution = store ? attributionFromStorage(store) : {};
  identifyPlayer(profile.id, attributionUserProperties(attribution));
  if (how.registered) {
    track(ANALYTICS_EVENTS.registration, { method: how.method, ...attribution });
    fireAffiliatePixel(pixel);
  } else {
    track(ANALYTICS_EVENTS.login, { method: how.method });
  }
}
