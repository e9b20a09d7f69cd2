/**
 * The backoff of our senders to outside services (AppsFlyer, Amplitude; decisions 048, 054):
 * 30 s after the first failed attempt, doubling, at most 6 h; given up after 12 attempts, about a
 * day in all — an outage of a day is survived, a refusal that never ends is not retried forever.
 */
export const DELIVERY_MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;

/** The wait after failed attempt `attempt` (1-based). */
export function deliveryRetryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}
