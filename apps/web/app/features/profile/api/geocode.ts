import type { GeocodeResponse } from '@coinfall/shared/contracts/verification';
import { usZipKey } from '@coinfall/shared/validation/index';
import { apiClient } from '../../../lib/session/session';

/**
 * GET /api/geo/geocode?country&postalCode → city and state (spec §7 "Other"). A helper only:
 * any failure (unknown code, endpoint down) answers undefined and the player types them.
 */
export async function lookupPostalCode(
  country: string,
  postalCode: string,
): Promise<GeocodeResponse | undefined> {
  const code = postalCode.trim();
  if (country.trim().length !== 2 || code.length < 3 || code.length > 10) return undefined;
  // With the country now filled from the start, a half-typed US ZIP must not be looked up (the
  // API would answer 400 for it, and the browser logs that as an error).
  if (country.trim().toUpperCase() === 'US' && !usZipKey(code)) return undefined;
  try {
    return await apiClient().get<GeocodeResponse>('/api/geo/geocode', {
      query: { country: country.trim().toUpperCase(), postalCode: code },
      skipGlobalHandler: true,
    });
  } catch {
    return undefined;
  }
}
