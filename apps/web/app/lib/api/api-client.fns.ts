import type { ApiFailure } from './api-error.ts';

/** Spec §7: these statuses are retried once, and only for idempotent methods. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return (
    attempt === 0 && IDEMPOTENT_METHODS.has(method.toUpperCase()) && RETRYABLE_STATUSES.has(status)
  );
}

/** The jurisdiction rules' refusals: what the place refuses, never who the player is. */
const JURISDICTION_REFUSALS: ReadonlySet<string> = new Set([
  'SWEEPS_NOT_ALLOWED',
  'PURCHASE_BONUS_NOT_ALLOWED',
  'REDEMPTION_NOT_ALLOWED',
]);

export type FailureAction = 'logout' | 'blocked' | 'excluded' | 'not-found' | 'none';

/**
 * Spec §8 global handler: 401/403 log out (to /403), 404 goes to /404, 400 and the rest do
 * nothing. A 403 ACCOUNT_BLOCKED logs out to /blocked instead (spec §4 "Player status"), a
 * 403 PLAYER_EXCLUDED (a break or self-exclusion, issue 16) to /excluded with its end date; a 403
 * ACCOUNT_LIMITED logs nobody out.
 */
export function failureAction({
  status,
  code,
}: Pick<ApiFailure, 'status' | 'code'>): FailureAction {
  if (status === 403 && code === 'ACCOUNT_BLOCKED') return 'blocked';
  if (status === 403 && code === 'PLAYER_EXCLUDED') return 'excluded';
  // A Limited player's refused purchase or payout: the session is fine, the screen says why.
  if (status === 403 && code === 'ACCOUNT_LIMITED') return 'none';
  // The player's place refuses one thing (decisions 030, 046): the session is fine too.
  if (status === 403 && code && JURISDICTION_REFUSALS.has(code)) return 'none';
  if (status === 401 || status === 403) return 'logout';
  if (status === 404) return 'not-found';
  return 'none';
}

/**
 * Array query parameters in bracket format (spec §7): { status: [1, 2] } -> status[]=1&status[]=2.
 * Undefined values are left out.
 */
export function toQueryString(
  query: Record<string, string | number | boolean | readonly (string | number)[] | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value as readonly (string | number)[])
        params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
