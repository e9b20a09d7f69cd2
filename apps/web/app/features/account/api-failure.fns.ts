import type { SocialConnection } from '@coinfall/shared/contracts/social';
import { errorCodeOf } from '../../lib/api/api-client.fns';

/**
 * How a failed account call is shown (spec §8 "one error model": the client branches on the
 * API's `code`, never on its message). Kept free of zod: the answer is read field by field.
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

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Field problems of a 400 answer, named as the body field (`body.email` → `email`). */
export function fieldIssuesOf(body: unknown): Record<string, string> {
  const issues = asRecord(asRecord(body)?.details)?.fields;
  const fields: Record<string, string> = {};
  if (!Array.isArray(issues)) return fields;
  for (const issue of issues as unknown[]) {
    const item = asRecord(issue);
    if (typeof item?.field !== 'string') continue;
    const name = item.field.replace(/^(body|query)\./, '');
    fields[name] ??= typeof item.message === 'string' ? item.message : 'Invalid value';
  }
  return fields;
}

/** The registration details of a 409 SOCIAL_SIGNUP_REQUIRED answer, if they are complete. */
export function socialSignupOf(body: unknown): SocialSignup | undefined {
  if (errorCodeOf(body) !== 'SOCIAL_SIGNUP_REQUIRED') return undefined;
  const details = asRecord(asRecord(body)?.details);
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
export function accountFailureOf(status: number, body: unknown): AccountFailure {
  const code = errorCodeOf(body);
  if (status === 429 || code === 'RATE_LIMITED') {
    const seconds = asRecord(asRecord(body)?.details)?.retryAfterSeconds;
    return {
      kind: 'throttled',
      seconds:
        typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_SECONDS,
    };
  }
  if (code === 'ACCOUNT_REMOVED') return { kind: 'accountRemoved' };
  const signup = socialSignupOf(body);
  if (signup) return { kind: 'socialSignupRequired', signup };
  const fields = fieldIssuesOf(body);
  if (status === 400 && fields.code !== undefined) return { kind: 'invalidCode' };
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  return { kind: 'unknown', status };
}
