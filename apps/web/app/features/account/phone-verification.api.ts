import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import type {
  OtpSendBody,
  OtpSendResponse,
  OtpVerifyBody,
} from '@coinfall/shared/contracts/verification';
import { apiClient } from '../../lib/session/session';
import { setProfile } from '../../lib/query/player-queries';
import { accountCall } from './account-call';

/** POST /api/player/otp/send: texts a code; answers the masked number and the timings. */
export function sendOtp(body: OtpSendBody) {
  return accountCall(() => apiClient().post<OtpSendResponse>('/api/player/otp/send', { body }));
}

/** POST /api/player/otp/verify: answers the updated profile, which goes into the cache. */
export async function verifyOtp(body: OtpVerifyBody) {
  const outcome = await accountCall(() =>
    apiClient().post<PlayerProfile>('/api/player/otp/verify', { body }),
  );
  if (outcome.ok) setProfile(outcome.value);
  return outcome;
}
