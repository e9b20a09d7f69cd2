import type { GeocodeResponse } from '@coinfall/shared';

/** Countries with postal-code data on board; others answer 404. */
export const GEOCODE_COUNTRIES = ['US'] as const;

/** A US ZIP code, five digits with an optional ZIP+4 suffix. */
const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/** The lookup key of a postal code, or undefined when it cannot be one of that country. */
export function postalKey(country: string, postalCode: string): string | undefined {
  if (country !== 'US') return undefined;
  return US_ZIP.exec(postalCode.trim())?.[1];
}

/** USPS state and territory codes → names. */
export const US_REGIONS: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  UM: 'U.S. Minor Outlying Islands',
  FM: 'Federated States of Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** One row of the US ZIP data as the API answers it. */
export function toGeocode(
  entry: { zip: string; city: string; state: string },
  country: string,
): GeocodeResponse {
  return {
    city: entry.city,
    region: entry.state,
    regionName: US_REGIONS[entry.state] ?? entry.state,
    country,
    postalCode: entry.zip,
  };
}

/** A ZIP code's centroid and its state. */
export interface Centroid {
  latitude: number;
  longitude: number;
  state: string;
}

/** Beyond this from the nearest US ZIP centroid a point is not placed in a state. */
export const NEAREST_ZIP_MAX_KM = 100;

const EARTH_RADIUS_KM = 6371;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The state of the ZIP centroid nearest to `point`, or null when none lies within `maxKm` (a
 * point abroad or at sea). The site randomises the last two decimals (about 1 km), far below
 * the spacing of ZIP centroids, so a point near a state line may fall either side of it.
 */
export function nearestState(
  centroids: readonly Centroid[],
  point: { lat: number; lon: number },
  maxKm: number = NEAREST_ZIP_MAX_KM,
): string | null {
  let best: Centroid | null = null;
  let bestKm = Infinity;
  for (const c of centroids) {
    // Cheap bound first: a degree of latitude is ~111 km everywhere.
    if (Math.abs(c.latitude - point.lat) * 111 > Math.min(bestKm, maxKm)) continue;
    const km = distanceKm(point, { lat: c.latitude, lon: c.longitude });
    if (km < bestKm) {
      bestKm = km;
      best = c;
    }
  }
  return best && bestKm <= maxKm ? best.state : null;
}
