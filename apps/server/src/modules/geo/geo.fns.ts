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
