import countries from 'i18n-iso-countries';
import type { GeocodeResponse, ZipPlace } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { postalKey, toGeocode, US_REGIONS } from './geo.fns.ts';

type ZipLookup = (zip: string) => { zip: string; city: string; state: string } | undefined;

/** Loads the ZIP table (5 MB) on the first lookup only, so boot and memory stay small. */
function lazyZipLookup(): () => Promise<ZipLookup> {
  let loading: Promise<ZipLookup> | undefined;
  return () => {
    loading ??= import('zipcodes').then((zipcodes) => zipcodes.lookup);
    return loading;
  };
}

/** Postal code + country → city and state (spec §7 "Other"), from data on board: no network. */
export function createGeoService(deps: { loadUsZips?: () => Promise<ZipLookup> } = {}) {
  const loadUsZips = deps.loadUsZips ?? lazyZipLookup();
  return {
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
