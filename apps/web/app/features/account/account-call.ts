import { ApiError } from '../../lib/api/api-error.ts';
import { accountFailureOf, type AccountFailure } from './api-failure.fns';

export type AccountOutcome<T> = { ok: true; value: T } | { ok: false; failure: AccountFailure };

/** Runs one API call and turns a failure into what the account screens show. */
export async function accountCall<T>(run: () => Promise<T>): Promise<AccountOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, failure: accountFailureOf(error) };
    // Offline, or an answer that is not JSON.
    return { ok: false, failure: { kind: 'unknown' } };
  }
}
