import { ApiError } from './api-error.ts';
import { failureAction } from './api-client.fns';
import { routeFailure } from '../session/session';

/**
 * For calls that answer their own 403/404/409 (skipGlobalHandler): an ended session (401) or a
 * blocked player (403 ACCOUNT_BLOCKED) still leaves the page as spec §8 and §4 say.
 */
export function routeSessionFailure(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const action = failureAction(error);
  if (action === 'blocked') routeFailure('blocked');
  else if (action === 'excluded') routeFailure('excluded', error);
  else if (action === 'logout' && error.status === 401) routeFailure('logout');
}
