/**
 * The ZIP code checked against the country and the state (issue 20): the only postal data the
 * platform holds is the US ZIP table, so a US address must name a real ZIP in its own state, and
 * a code that is a US ZIP cannot belong to another country's address. Pure: the caller looks
 * the ZIP up (the server in its on-board table, the site through GET /api/geo/geocode).
 */

/** Where a US ZIP lies: the state's USPS code and name. */
export interface ZipPlace {
  state: string;
  stateName: string;
}

export interface PostalAddress {
  country: string | null | undefined;
  region: string | null | undefined;
  postalCode: string | null | undefined;
}

export type PostalAddressProblem =
  | { field: 'postalCode'; reason: 'unknownUsZip' | 'usZipAbroad' }
  | { field: 'region'; reason: 'otherState'; state: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The five digits a US ZIP lookup takes ("10001-1234" → "10001"), if the code can be one. */
export function usZipKey(postalCode: string | null | undefined): string | undefined {
  return /^(\d{5})(?:-?\d{4})?$/.exec(postalCode?.trim() ?? '')?.[1];
}

/**
 * What is wrong with the address's ZIP, or undefined. `place` is the lookup of usZipKey(postal
 * code): undefined when it is no US ZIP. Fields left empty are the required rules' business.
 */
export function postalAddressProblem(
  address: PostalAddress,
  place: ZipPlace | undefined,
): PostalAddressProblem | undefined {
  const { country, region } = address;
  if (!country || !usZipKey(address.postalCode)) return undefined;
  if (country !== 'US') return place ? { field: 'postalCode', reason: 'usZipAbroad' } : undefined;
  if (!place) return { field: 'postalCode', reason: 'unknownUsZip' };
  if (region && !same(region, place.state) && !same(region, place.stateName))
    return { field: 'region', reason: 'otherState', state: place.stateName };
  return undefined;
}

/** The API's words for each problem (the site shows its own, translated). */
export function postalAddressMessage(problem: PostalAddressProblem): string {
  switch (problem.reason) {
    case 'unknownUsZip':
      return 'This is not a US ZIP code';
    case 'usZipAbroad':
      return 'This is a US ZIP code: choose United States, or enter your own postal code';
    case 'otherState':
      return `This ZIP code is in ${problem.state}`;
  }
}
