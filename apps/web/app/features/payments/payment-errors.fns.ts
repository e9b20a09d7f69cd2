import {
  PAYMENT_SESSION_REFUSED_CODE,
  PAYMENT_SESSION_REFUSED_SITE_CODE,
} from './payment-constants.ts';
import { fieldIssuesOf, type ApiFailure } from '../../lib/api/api-error.ts';

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
export function methodsFailureOf(failure: ApiFailure | undefined): MethodsFailure {
  const { status, code, details } = failure ?? {};
  if (status === 401 && details?.errorCode === PAYMENT_SESSION_REFUSED_CODE)
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

/** `undefined` when no answer came (offline, or a failure before the call). */
export function payFailureOf(failure: ApiFailure | undefined): PayFailure {
  if (failure === undefined) return { kind: 'unknown' };
  const { status, code } = failure;
  if (status === 402 || code === 'PAYMENT_DECLINED') {
    const reason = failure.details?.failureCode;
    return { kind: 'declined', reason: typeof reason === 'string' ? reason : undefined };
  }
  if (code === 'ACCOUNT_BLOCKED') return { kind: 'blocked' };
  if (status === 401) return { kind: 'loggedOut' };
  if (status === 400) {
    const fields = fieldIssuesOf(failure);
    if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  }
  if (status >= 400 && status < 500)
    return { kind: 'refused', message: failure.message || undefined, code };
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
  // Not declines but ends of their own (decision 039): the player canceled it, or it expired.
  'canceled_by_player',
  'expired',
] as const;
export type KnownDeclineReason = (typeof KNOWN_DECLINE_REASONS)[number];

export function knownDeclineReason(
  code: string | null | undefined,
): KnownDeclineReason | undefined {
  return (KNOWN_DECLINE_REASONS as readonly string[]).includes(code ?? '')
    ? (code as KnownDeclineReason)
    : undefined;
}
