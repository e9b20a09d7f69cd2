import type { PlayerProfile, UpdateProfileBody } from '@coinfall/shared/contracts/player';
import { apiClient } from '../../lib/session/session';
import { setProfile } from '../../lib/query/player-queries';
import { accountCall } from './account-call';

/**
 * PUT /api/player/profile; the answer (the updated profile) goes into the shared cache. A 401
 * here means the session ended, which the global handler routes (spec §8).
 */
export async function updateProfile(body: UpdateProfileBody) {
  const outcome = await accountCall(() =>
    apiClient().put<PlayerProfile>('/api/player/profile', { body }),
  );
  if (outcome.ok) setProfile(outcome.value);
  return outcome;
}
