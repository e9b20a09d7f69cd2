import type { ProtectionStanding } from '@coinfall/shared/contracts/protection';
import { staffApi, staffQueryClient } from './staff-client';

/**
 * Records the player's written request to lift an indefinite self-exclusion (compliance): the
 * server refuses it before 6 months or for anything but an indefinite exclusion; the player's
 * profile is read again after.
 */
export async function recordProtectionLift(
  playerId: string,
  protectionId: string,
  reason: string,
): Promise<ProtectionStanding> {
  const standing = await staffApi.post<ProtectionStanding>(
    `/api/admin/players/${playerId}/protections/${protectionId}/lift`,
    { body: { reason } },
  );
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return standing;
}
