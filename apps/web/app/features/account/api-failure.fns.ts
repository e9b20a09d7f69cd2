import type { SocialConnection } from '@coinfall/shared/contracts/social';
import { fieldIssuesOf, type ApiFailure } from '../../lib/api/api-error.ts';

/**
 * How a failed account call is shown (spec §8 "one error model": the client branches on the
 * API's `code`, never on its message). The client has read the answer into an ApiFailure.
 */
export type AccountFailure =
  | { kind: 'throttled'; seconds: number }
  /** A mailed or texted code that is unknown, used or expired (400 on body.code). */
  | { kind: 'invalidCode' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'accountRemoved' }
  | { kind: 'socialSignupRequired'; signup: SocialSignup }
  | { kind: 'unknown'; status?: number };

/** The `details` of 409 SOCIAL_SIGNUP_REQUIRED (contracts/social.ts socialSignupDetailsSchema). */
export interface SocialSignup {
  registrationToken: string;
  email: string | null;
  connection: SocialConnection;
}

const DEFAULT_RETRY_SECONDS = 60;
const SOCIAL: readonly string[] = [
  'google',
  'facebook',
  'apple',
  'sandbox',
] satisfies readonly SocialConnection[];

/** The registration details of a 409 SOCIAL_SIGNUP_REQUIRED answer, if they are complete. */
export function socialSignupOf({
  code,
  details,
}: Pick<ApiFailure, 'code' | 'details'>): SocialSignup | undefined {
  if (code !== 'SOCIAL_SIGNUP_REQUIRED') return undefined;
  const token = details?.registrationToken;
  const connection = details?.connection;
  const email = details?.email;
  if (typeof token !== 'string' || token === '') return undefined;
  if (typeof connection !== 'string' || !SOCIAL.includes(connection)) return undefined;
  return {
    registrationToken: token,
    connection: connection as SocialConnection,
    email: typeof email === 'string' && email !== '' ? email : null,
  };
}

/** Reads an error answer `{ code, message, details? }` into what the account screens show. */
export function accountFailureOf(failure: ApiFailure): AccountFailure {
  const { status, code } = failure;
  if (status === 429 || code === 'RATE_LIMITED') {
    const seconds = failure.details?.retryAfterSeconds;
    return {
      kind: 'throttled',
      seconds:
        typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_SECONDS,
    };
  }
  if (code === 'ACCOUNT_REMOVED') return { kind: 'accountRemoved' };
  const signup = socialSignupOf(failure);
  if (signup) return { kind: 'socialSignupRequired', signup };
  const fields = fieldIssuesOf(failure);
  if (status === 400 && fields.code !== undefined) return { kind: 'invalidCode' };
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  return { kind: 'unknown', status };
}
