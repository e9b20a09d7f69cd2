import { SWIPE_CLOSE_FRACTION, SWIPE_FAST_MS, TOUCH_TAP_TOLERANCE_PX } from '@coinfall/shared';

export interface SwipeGesture {
  /** Distance dragged in the closing direction (px); negative when dragged the other way. */
  distance: number;
  /** Time from press to release (ms). */
  durationMs: number;
  /** The modal's size along the swipe axis (px). */
  size: number;
}

/**
 * Spec §2: a swipe closes when the drag exceeds 10 % of the modal's size or lasted under
 * 300 ms. A movement within the tap tolerance (spec §9) is a tap, never a swipe, so a quick tap
 * on a button inside the sheet does not close it.
 */
export function swipeCloses({ distance, durationMs, size }: SwipeGesture): boolean {
  if (distance <= TOUCH_TAP_TOLERANCE_PX) return false;
  return distance > size * SWIPE_CLOSE_FRACTION || durationMs < SWIPE_FAST_MS;
}

/** How far the sheet follows the finger: only in the closing direction. */
export function swipeOffset(distance: number): number {
  return Math.max(0, distance);
}
