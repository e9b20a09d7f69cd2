import type { UserCheckResponse, UserDeleteBody } from '@coinfall/shared/contracts/social';
import { apiClient } from '../../lib/session/session';
import { accountCall } from './account-call';
import type { AccountFailure } from './api-failure.fns';

/**
 * POST /api/users/delete. Spec §8: delete and check errors resolve to null (the modal shows a
 * generic failure); the global handler stays out, so a refused password does not log out.
 */
export async function deleteAccount(body: UserDeleteBody): Promise<true | null> {
  const outcome = await accountCall(() =>
    apiClient().post<unknown>('/api/users/delete', { body, skipGlobalHandler: true }),
  );
  return outcome.ok ? true : null;
}

/**
 * POST /api/users/check after a social login: null when the check itself failed, except the
 * ACCOUNT_REMOVED answer, which is as good as `removed: true`.
 */
export async function checkAccount(): Promise<UserCheckResponse | null> {
  const outcome = await accountCall(() =>
    apiClient().post<UserCheckResponse>('/api/users/check', { skipGlobalHandler: true }),
  );
  if (outcome.ok) return outcome.value;
  return isRemoved(outcome.failure) ? { removed: true } : null;
}

function isRemoved(failure: AccountFailure): boolean {
  return failure.kind === 'accountRemoved';
}
