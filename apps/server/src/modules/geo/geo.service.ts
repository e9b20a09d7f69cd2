import countries from 'i18n-iso-countries';
import type { GeocodeResponse, ZipPlace } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { nearestState, postalKey, toGeocode, US_REGIONS, type Centroid } from './geo.fns.ts';

type ZipLookup = (zip: string) => { zip: string; city: string; state: string } | undefined;

/** `load` once, on the first call (or at the warm-up); a failed load is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

/** The ZIP table (5 MB), so boot and memory stay small where nothing reads it. */
const importZipLookup = (): Promise<ZipLookup> =>
  import('zipcodes').then((zipcodes) => zipcodes.lookup);

/** The US ZIP centroids (no Canadian codes). */
const importUsCentroids = (): Promise<readonly Centroid[]> =>
  import('zipcodes').then((zipcodes) =>
    Object.values(zipcodes.codes)
      .filter((e) => e.country === 'US' && Number.isFinite(e.latitude))
      .map((e) => ({ latitude: e.latitude, longitude: e.longitude, state: e.state })),
  );

/** Postal code + country → city and state (spec §7 "Other"), from data on board: no network. */
export function createGeoService(
  deps: {
    loadUsZips?: () => Promise<ZipLookup>;
    loadCentroids?: () => Promise<readonly Centroid[]>;
  } = {},
) {
  const loadUsZips = once(deps.loadUsZips ?? importZipLookup);
  const loadCentroids = once(deps.loadCentroids ?? importUsCentroids);
  // The same coordinates come back at every check of a session: remember a few thousand.
  const statesAt = new Map<string, string | null>();
  return {
    /**
     * Loads both tables now (decision 046): called at start-up, so the first location read —
     * inside a Sweeps Coins round's transaction — finds them in memory. Safe to call again.
     */
    async warm(): Promise<void> {
      await Promise.all([loadUsZips(), loadCentroids()]);
    },

    /** The US state of coordinates (nearest ZIP centroid within 100 km), or null. */
    async usStateAt(point: { lat: number; lon: number }): Promise<string | null> {
      const key = `${point.lat},${point.lon}`;
      const known = statesAt.get(key);
      if (known !== undefined) return known;
      const state = nearestState(await loadCentroids(), point);
      if (statesAt.size >= 5_000) statesAt.clear();
      statesAt.set(key, state);
      return state;
    },

    /** The state of a US ZIP (five digits), or undefined when the table has no such ZIP. */
    async usZipPlace(zip: string): Promise<ZipPlace | undefined> {
      const entry = (await loadUsZips())(zip);
      return entry
        ? { state: entry.state, stateName: US_REGIONS[entry.state] ?? entry.state }
        : undefined;
    },

    async geocode(country: string, postalCode: string): Promise<GeocodeResponse> {
      if (!countries.isValid(country)) {
        throw AppError.invalid('query.country', 'Not an ISO 3166-1 alpha-2 country code');
      }
      if (country !== 'US') throw AppError.notFound('Postal code');
      const key = postalKey(country, postalCode);
      if (!key) throw AppError.invalid('query.postalCode', 'A US ZIP code has 5 digits');
      const entry = (await loadUsZips())(key);
      if (!entry) throw AppError.notFound('Postal code');
      return toGeocode(entry, country);
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
