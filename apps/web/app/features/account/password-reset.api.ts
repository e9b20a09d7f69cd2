import type { PasswordConfirmBody, PasswordResetBody } from '@coinfall/shared/contracts/player';
import { apiClient } from '../../lib/session/session';
import { accountCall } from './account-call';

/**
 * POST /api/player/passwords/reset: 204 whatever the email (accounts cannot be probed). A guest
 * call, so a failure is shown in the modal, never routed by the global handler.
 */
export function requestPasswordReset(body: PasswordResetBody) {
  return accountCall(() =>
    apiClient().post<undefined>('/api/player/passwords/reset', { body, skipGlobalHandler: true }),
  );
}

/** POST /api/player/passwords/confirm with the mailed code; 400 on body.code when it is spent. */
export function confirmPasswordReset(body: PasswordConfirmBody) {
  return accountCall(() =>
    apiClient().post<undefined>('/api/player/passwords/confirm', {
      body,
      skipGlobalHandler: true,
    }),
  );
}
