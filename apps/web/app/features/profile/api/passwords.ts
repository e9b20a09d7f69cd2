import type { ChangePasswordBody } from '@coinfall/shared/contracts/player';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { sessionsKey } from './sessions';

/**
 * PUT /api/player/passwords (204). A wrong current password is a 400 on that field (the global
 * handler leaves 400s alone). The server ends every other session: the list is refetched.
 */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiClient().put<void>('/api/player/passwords', { body });
  void playerQueryClient.invalidateQueries({ queryKey: sessionsKey });
}
