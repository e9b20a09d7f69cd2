import {
  PAYMENT_SESSION_REFUSED_CODE,
  PAYMENT_SESSION_REFUSED_SITE_CODE,
} from './payment-constants.ts';
import { fieldIssuesOf } from '../account/api-failure.fns.ts';
import { errorCodeOf } from '../../lib/api/api-client.fns.ts';

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

const detailsOf = (body: unknown) => asRecord(asRecord(body)?.details);
const messageOf = (body: unknown): string | undefined => {
  const message = asRecord(body)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** What a failed GET /api/payment/methods/purchase leads to. */
export type MethodsFailure =
  /** Spec §8: the error modal, with the site's code 11002 for the provider's 13102. */
  { kind: 'errorModal'; code?: string } | { kind: 'blocked' } | { kind: 'loggedOut' };

/**
 * Spec §8 "Purchase methods load failure": HTTP 401 with details.errorCode 13102 gives the error
 * modal with code 11002; anything else the generic error modal. Two answers are about the
 * session rather than the methods and keep their usual meaning: a blocked player goes to
 * /blocked, an ended session logs out.
 */
export function methodsFailureOf(status: number | undefined, body: unknown): MethodsFailure {
  const code = errorCodeOf(body);
  if (status === 401 && detailsOf(body)?.errorCode === PAYMENT_SESSION_REFUSED_CODE)
    return { kind: 'errorModal', code: String(PAYMENT_SESSION_REFUSED_SITE_CODE) };
  if (status === 403 && code === 'ACCOUNT_BLOCKED') return { kind: 'blocked' };
  if (status === 401 && (code === 'UNAUTHENTICATED' || code === 'SESSION_ENDED'))
    return { kind: 'loggedOut' };
  return { kind: 'errorModal' };
}

/** What a failed money-moving POST (purchase, invoice, deposit) shows. */
export type PayFailure =
  | { kind: 'declined'; reason: string | undefined }
  /** Shown in the form with the server's own words (limit, insufficient funds, conflict…). */
  | { kind: 'refused'; message: string | undefined; code: string | undefined }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'blocked' }
  | { kind: 'loggedOut' }
  /** Offline, a 5xx or an answer we cannot read: the same intent may be retried safely. */
  | { kind: 'unknown' };

export function payFailureOf(status: number | undefined, body: unknown): PayFailure {
  const code = errorCodeOf(body);
  if (status === undefined) return { kind: 'unknown' };
  if (status === 402 || code === 'PAYMENT_DECLINED') {
    const reason = detailsOf(body)?.failureCode;
    return { kind: 'declined', reason: typeof reason === 'string' ? reason : undefined };
  }
  if (code === 'ACCOUNT_BLOCKED') return { kind: 'blocked' };
  if (status === 401) return { kind: 'loggedOut' };
  if (status === 400) {
    const fields = fieldIssuesOf(body);
    if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  }
  if (status >= 400 && status < 500) return { kind: 'refused', message: messageOf(body), code };
  return { kind: 'unknown' };
}

/** Provider decline codes the site explains in its own words; others show the generic text. */
export const KNOWN_DECLINE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
  'do_not_honor',
  'limit_exceeded',
] as const;
export type KnownDeclineReason = (typeof KNOWN_DECLINE_REASONS)[number];

export function knownDeclineReason(
  code: string | null | undefined,
): KnownDeclineReason | undefined {
  return (KNOWN_DECLINE_REASONS as readonly string[]).includes(code ?? '')
    ? (code as KnownDeclineReason)
    : undefined;
}
