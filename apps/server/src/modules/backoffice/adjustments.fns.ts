import type { Adjustment } from '@coinfall/shared';
import { AdjustmentStatus } from '../../db/schema/index.ts';

/** How long a pending adjustment waits for its second pair of eyes before it lapses. */
export const ADJUSTMENT_APPROVAL_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** The window over which adjustments applied without approval add up (decision 070). */
export const FOUR_EYES_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The state staff see: a pending request past its approval window has expired. */
export function adjustmentState(
  row: { status: number; requestedAt: Date },
  nowMs: number,
): Adjustment['status'] {
  if (row.status === AdjustmentStatus.Applied) return 'applied';
  if (row.status === AdjustmentStatus.Rejected) return 'rejected';
  return nowMs - row.requestedAt.getTime() >= ADJUSTMENT_APPROVAL_WINDOW_MS ? 'expired' : 'pending';
}

/**
 * Whether an adjustment waits for a second staff member: when it, with what one player's balance
 * in that currency took without approval over the last day, goes past the four-eyes amount. So
 * splitting a large adjustment into small ones does not avoid the approval.
 */
export const needsSecondPair = (
  amount: number,
  appliedAloneInWindow: number,
  fourEyesAbove: number,
) => Math.abs(amount) + appliedAloneInWindow > fourEyesAbove;
