import type { EmailConfirmBody } from '@coinfall/shared/contracts/player';
import { apiClient } from '../../lib/session/session';
import { accountCall } from './account-call';

/** POST /api/player/profile/confirmations/email/confirm: the code alone names the player. */
export function confirmEmail(body: EmailConfirmBody) {
  return accountCall(() =>
    apiClient().post<undefined>('/api/player/profile/confirmations/email/confirm', {
      body,
      skipGlobalHandler: true,
    }),
  );
}

/** POST /api/player/profile/confirmations/email/resend (logged in); the caller shows an alert. */
export function resendEmailConfirmation() {
  return accountCall(() =>
    apiClient().post<undefined>('/api/player/profile/confirmations/email/resend', {
      skipGlobalHandler: true,
    }),
  );
}
