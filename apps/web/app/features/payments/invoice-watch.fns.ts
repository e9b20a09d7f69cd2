import type { Invoice } from '@coinfall/shared/contracts/payment';
import { invoiceStatusName } from './invoice-status.fns.ts';

export const isSettled = (status: number): boolean => {
  const outcome = invoiceStatusName(status);
  return outcome === 'success' || outcome === 'rejected';
};

/** Polling pace: brisk while the player is likely watching, slower after, then it stops. */
export const POLL_FAST_MS = 1_500;
export const POLL_SLOW_MS = 5_000;
export const POLL_FAST_FOR_MS = 60_000;
export const POLL_GIVE_UP_AFTER_MS = 30 * 60_000;

/**
 * When to read the invoice again, or undefined to stop: never once it is settled (success or
 * rejected are final), fast for the first minute, slower afterwards, and not at all after half
 * an hour (the page can be reloaded; the outcome also arrives as an alert).
 */
export function nextPollDelay(
  invoice: Pick<Invoice, 'status'> | undefined,
  elapsedMs: number,
): number | undefined {
  if (invoice && isSettled(invoice.status)) return undefined;
  if (elapsedMs >= POLL_GIVE_UP_AFTER_MS) return undefined;
  return elapsedMs < POLL_FAST_FOR_MS ? POLL_FAST_MS : POLL_SLOW_MS;
}

/** Crypto progress "k of N" (never above N), for the confirmations bar. */
export function confirmationProgress(
  invoice: Invoice,
): { done: number; required: number } | undefined {
  const action = invoice.nextAction;
  if (action?.type !== 'crypto_address') return undefined;
  const required = action.confirmationsRequired;
  return { done: Math.min(action.confirmations, required), required };
}
